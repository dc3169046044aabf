"""np.cumsum and np.cumprod keep the dtype of float and 64-bit integer arrays, and accumulate bools and
narrower integers in numpy's default ints (int64, uint64 for unsigned), as numpy does at runtime: a
running product of int64 flags summed is int64, not an abstract integer (held-out false positive).
Matmul and the operators of different dtypes (see cases/mixed_dtypes.py) under the overlay."""

from typing import Any, Literal

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


def summed(i: NDArray[int64, N, M], w: NDArray[uint64, N], small: NDArray[int32, N, M], f: NDArray[float32, N, M]) -> NDArray[int64, M]:
    # np.sum and np.prod keep int64 and uint64 (numpy accumulates in them); a narrower integer sums
    # in the platform's integer, an abstract integer here (before: int64 too, so counts of int64
    # flags declared NDArray[int64, C] were an error on correct code)
    assert_type(np.sum(i, axis=0), NDArray[int64, M])
    assert_type(np.prod(i, axis=1), NDArray[int64, N])
    assert_type(np.sum(i * (1 - i), axis=0, keepdims=True), NDArray[int64, Literal[1], M])
    assert_type(np.sum(w, axis=0), NDArray[uint64])
    assert_type(np.sum(small, axis=0), NDArray[np.integer[Any], M])
    assert_type(np.sum(f, axis=0), NDArray[float32, M])
    return np.sum(i, axis=0)


def wrong_dtype(x: NDArray[int32, N, M]) -> NDArray[int32, N, M]:
    return np.cumsum(x, axis=1)  # pyright: ignore[reportReturnType]  # int32 accumulates in int64


def matmul_broadcast(d: NDArray[float64, K, K], blocks: NDArray[float64, B, N, K, K], x: NDArray[float32, B, N, K], w: NDArray[float64, K, M]) -> None:
    assert_type(d @ blocks @ d.T, NDArray[float64, B, N, K, K])
    assert_type(np.matmul(d, blocks), NDArray[float64, B, N, K, K])
    assert_type(x @ w, NDArray[float64, B, N, M])
    assert_type(np.exp(x) * np.exp(w[:, 0]), NDArray[float64, B, N, K])
    np.exp(x) * np.exp(w[0])  # pyright: ignore[reportOperatorIssue]  # (B, N, K) against (M,)
