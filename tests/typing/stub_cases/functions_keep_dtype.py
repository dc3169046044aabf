"""With the overlay (issue 15): numpy functions whose own signature refused an NDArray, lost its
dtype or kept sizes the call changes: pad, fill_diagonal, cumsum, cumprod."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32, float64, int32

N = DimensionVar("N")
D = DimensionVar("D")
T = DimensionVar("T")


def padded(x: NDArray[float32, N, D], v: NDArray[float64, T]) -> None:
    assert_type(np.pad(x, ((1, 1), (0, 0))), NDArray[float32, Any, Any])
    assert_type(np.pad(v, 2, mode="reflect"), NDArray[float64, Any])
    halves: NDArray[float32, Any, Any] = np.pad(x, 1) / 2
    # numpy 2.5 typed a numpy array's padded result with the argument's own shape
    assert_type(np.pad(np.zeros((2, 3)), 1), np.ndarray[tuple[Any, Any], np.dtype[np.float64]] | Any)


def no_self_forces(d: NDArray[float64, N, N]) -> NDArray[float64, N, N]:
    np.fill_diagonal(d, 0.0)  # numpy's own wants an ndarray; an NDArray is one at runtime
    return d


def running(x: NDArray[float32, T, D], c: NDArray[int32, T]) -> None:
    assert_type(np.cumsum(x, axis=0), NDArray[float32, T, D])
    assert_type(np.cumprod(x, axis=-1), NDArray[float32, T, D])
    assert_type(np.cumsum(x[:, 0]), NDArray[float32, T])
    assert_type(np.cumsum(x), NDArray[float32, Any])
    assert_type(np.cumsum(c), NDArray[np.int64, T])  # int32 accumulates in numpy's default int


def wrong_axis(x: NDArray[float32, T, D], counts: NDArray[float32, T]) -> None:
    x / np.cumsum(counts)  # pyright: ignore[reportOperatorIssue]  # (T,) against (T, D)'s D


def masked(scores: NDArray[float32, N, T], mask: NDArray[np.bool_, N, T]) -> NDArray[float32, N, T]:
    # a numpy scalar of the array's dtype as one branch: the array's dtype and shape (numpy 2.5's
    # own overloads made it float64)
    assert_type(np.where(mask, np.float32(0.0), scores), NDArray[float32, N, T])
    return np.where(mask, scores, np.float32(-1e9))
