"""numpy's functions that write into an array take an NDArray (numpy's own signatures want an ndarray;
an NDArray is one at runtime): put_along_axis (with indices of the array's rank, numpy's rule), put,
place, putmask, copyto. Held-out false positive: a mixture of experts' top-k gates."""

import numpy as np

from ndtyping import DimensionVar, NDArray, bool_, float32, int64

N = DimensionVar("N")
M = DimensionVar("M")


def top_k_gates(probs: NDArray[float32, N, M], k: int) -> NDArray[float32, N, M]:
    top = np.argsort(probs, axis=-1)[:, -k:]
    gates = np.zeros_like(probs)
    np.put_along_axis(gates, top, np.take_along_axis(probs, top, axis=-1), axis=-1)
    return gates


def writes(x: NDArray[float32, N, M], idx: NDArray[int64, N, M], mask: NDArray[bool_, N, M], v: NDArray[float32, N, M], flat: NDArray[int64, N]) -> None:
    np.put_along_axis(x, idx, v, axis=1)
    np.put_along_axis(x[0], flat, 0.0, axis=None)
    np.put(x, flat, 1.0)
    np.place(x, mask, v)
    np.putmask(x, mask, v)
    np.copyto(x, v)
    np.copyto(x, v, where=mask)
    # indices of another rank than the array's: numpy raises, and its own signature rejects the call
    np.put_along_axis(x, flat, 0.0, axis=1)  # pyright: ignore[reportCallIssue, reportArgumentType]
