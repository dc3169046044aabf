"""np.cumsum and np.cumprod keep the dtype of float and 64-bit integer arrays, and accumulate bools and
narrower integers in numpy's default ints (int64, uint64 for unsigned), as numpy does at runtime: a
running product of int64 flags summed is int64, not an abstract integer (held-out false positive).
Matmul and the operators of different dtypes (see cases/mixed_dtypes.py) under the overlay."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32, float64, int8, int32, int64, uint8, uint64

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
B = DimensionVar("B")


def accumulated(
    i: NDArray[int64, N, M],
    flags: NDArray[bool_, N, M],
    small: NDArray[int8, N],
    u: NDArray[uint8, N],
    w: NDArray[uint64, N],
    f: NDArray[float64, N, M],
    g: NDArray[np.integer[Any], N],
    a: NDArray[Any, N, M],
) -> NDArray[int64, N]:
    assert_type(np.cumprod(i, axis=1), NDArray[int64, N, M])
    assert_type(np.cumsum(flags, axis=0), NDArray[int64, N, M])
    assert_type(np.cumsum(small), NDArray[int64, N])
    assert_type(np.cumprod(u, axis=0), NDArray[uint64, N])
    assert_type(np.cumsum(w), NDArray[uint64, N])
    assert_type(np.cumsum(f, axis=1), NDArray[float64, N, M])
    assert_type(np.cumsum(g, axis=0), NDArray[np.integer[Any], N])
    assert_type(np.cumsum(a, axis=0), NDArray[Any, N, M])
    return np.cumprod(flags.astype(np.int64), axis=1).sum(axis=1)


def wrong_dtype(x: NDArray[int32, N, M]) -> NDArray[int32, N, M]:
    return np.cumsum(x, axis=1)  # pyright: ignore[reportReturnType]  # int32 accumulates in int64


def matmul_broadcast(d: NDArray[float64, K, K], blocks: NDArray[float64, B, N, K, K], x: NDArray[float32, B, N, K], w: NDArray[float64, K, M]) -> None:
    assert_type(d @ blocks @ d.T, NDArray[float64, B, N, K, K])
    assert_type(np.matmul(d, blocks), NDArray[float64, B, N, K, K])
    assert_type(x @ w, NDArray[float64, B, N, M])
    assert_type(np.exp(x) * np.exp(w[:, 0]), NDArray[float64, B, N, K])
    np.exp(x) * np.exp(w[0])  # pyright: ignore[reportOperatorIssue]  # (B, N, K) against (M,)
