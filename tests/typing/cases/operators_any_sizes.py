"""Operators on arrays with `Any` sizes (after `reshape(-1, 1, 1)`, a slice, an unbounded dimension)
and of unknown rank, a Python scalar on either side, the forward and the reflected forms: the
operand's known sizes are kept, an `Any` size stays `Any` (never a size guessed from the other
operand's 1), and an operand of unknown rank gives an array of unknown shape (not `Any`)."""

from typing import Any

import numpy as np
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32, float64, int64

Batch = DimensionVar("Batch")
Steps = DimensionVar("Steps")
N = DimensionVar("N")
M = DimensionVar("M")


def diffusion(alpha_bar: NDArray[float32, Steps], t: NDArray[int64, Batch], x: NDArray[float32, Batch, N, M]) -> None:
    a = alpha_bar[t].reshape(-1, 1, 1)
    assert_type(a, NDArray[float32, Any, Any, Any])
    assert_type(1.0 - a, NDArray[float32, Any, Any, Any])
    assert_type(2 * a + 1, NDArray[float32, Any, Any, Any])
    assert_type(a - x, NDArray[float32, Any, Any, M])
    assert_type(x - a, NDArray[float32, Batch, N, M])
    assert_type((x - (1.0 - a) * x) / a, NDArray[float32, Batch, N, M])
    assert_type(a > 0.5, NDArray[bool_, Any, Any, Any])


def mixed(
    p: NDArray[float32, N, Any],
    q: NDArray[float64, N, M],
    u: NDArray[float32, Unpack[tuple[Any, ...]]],
    aa: NDArray[float32, Any, Any],
) -> None:
    assert_type(p - q, NDArray[float64, N, M])
    assert_type(q - p, NDArray[float64, N, M])
    assert_type(1 - p, NDArray[float32, N, Any])
    assert_type(u - u, NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(1.0 / u, NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(u * 2, NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(aa - aa, NDArray[float32, Any, Any])
    assert_type(aa + p, NDArray[float32, Any, Any])
    assert_type(p + aa, NDArray[float32, N, Any])
    assert_type(1.0 - aa, NDArray[float32, Any, Any])


def unknown_second(
    v: NDArray[float64, N],
    u: NDArray[float64, Unpack[tuple[Any, ...]]],
    z: np.ndarray[tuple[Any, ...], np.dtype[np.float64]],
) -> NDArray[float64, Any, N]:
    # an operand of unknown rank on the right of a scalar array or a vector gives an unknown shape
    # too: `mean + z @ B.T` of a (D,) mean and numpy's standard normals of unknown rank is (n, D) at
    # runtime (before: (D,), the first operand's shape, which refused the correct return below). A
    # first operand of rank 2 or more keeps its shape (cases/broadcast_both_sides.py, unknown_rank).
    assert_type(v + u, NDArray[float64, Unpack[tuple[Any, ...]]])
    assert_type(v * z, NDArray[float64, Unpack[tuple[Any, ...]]])
    assert_type(v[0] + z, NDArray[float64, Unpack[tuple[Any, ...]]])
    assert_type(u + v, NDArray[float64, Unpack[tuple[Any, ...]]])
    return v + z
