"""The array surface of NDArray values: shape-aware where PEP 646 can say it."""

from typing import Any, Literal

import numpy as np
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float32, float64, int8

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
B = DimensionVar("B")
L1 = Literal[1]


def attributes(x: NDArray[float32, N, M]) -> None:
    assert_type(x.shape, tuple[N, M])
    assert_type(x.dtype, np.dtype[float32])
    assert_type(x.ndim, int)
    assert_type(x.size, int)
    assert_type(x.T, NDArray[float32, M, N])
    assert_type(x.transpose(), NDArray[float32, M, N])
    assert_type(x.astype(int8), NDArray[int8, N, M])
    assert_type(x.copy(), NDArray[float32, N, M])
    assert_type(-x, NDArray[float32, N, M])
    assert_type(len(x), int)


def indexing(x: NDArray[float32, N, M, K]) -> None:
    assert_type(x[0], NDArray[float32, M, K])
    assert_type(x[1:], NDArray[float32, Any, M, K])
    assert_type(x[0][0], NDArray[float32, K])
    for row in x:
        assert_type(row, NDArray[float32, M, K])


def reshape(x: NDArray[float32, N, M]) -> None:
    assert_type(x.reshape(2, 6), NDArray[float32, int, int])
    assert_type(x.reshape((3, -1)), NDArray[float32, int, int])
    assert_type(x.flatten(), NDArray[float32, Any])


def reductions(x: NDArray[float32, B, N, M]) -> None:
    assert_type(x.sum(), NDArray[float32])
    assert_type(x.sum(axis=0), NDArray[float32, N, M])
    assert_type(x.sum(axis=1), NDArray[float32, B, M])
    assert_type(x.sum(axis=2), NDArray[float32, B, N])
    assert_type(x.sum(axis=-1), NDArray[float32, B, N])
    assert_type(x.sum(axis=-2), NDArray[float32, B, M])
    assert_type(x.sum(axis=-3), NDArray[float32, N, M])
    assert_type(x.mean(axis=1, keepdims=True), NDArray[float32, B, L1, M])
    assert_type(x.max(axis=-1, keepdims=True), NDArray[float32, B, N, L1])
    assert_type(x.argmax(axis=0), NDArray[np.intp, N, M])
    assert_type(x.any(axis=2), NDArray[np.bool_, B, N])
    assert_type(x.std(axis=0), NDArray[float32, N, M])
    assert_type(x.prod(axis=(0, 1)), NDArray[float32, Unpack[tuple[Any, ...]]])


def integer_mean(x: NDArray[np.int64, N, M]) -> None:
    assert_type(x.mean(axis=0), NDArray[float64, M])


def sum_error(matrix: NDArray[float32, N, M]) -> NDArray[float32, N]:
    return matrix.sum(axis=0)  # pyright: ignore[reportReturnType]


def operators(x: NDArray[float32, N, M], y: NDArray[float32, N, M], v: NDArray[float32, M], w: NDArray[float32, N]) -> None:
    assert_type(x + y, NDArray[float32, N, M])
    assert_type(x * 2.0, NDArray[float32, N, M])
    assert_type(2.0 * x, NDArray[float32, N, M])
    assert_type(x - v, NDArray[float32, N, M])  # a trailing-axis vector broadcasts
    assert_type(x < y, NDArray[np.bool_, N, M])
    x + w  # pyright: ignore[reportOperatorIssue]  # N does not broadcast against the last axis M
    x + x.T  # pyright: ignore[reportOperatorIssue]


def matmul(a: NDArray[float32, N, K], b: NDArray[float32, K, M], v: NDArray[float32, K], bb: NDArray[float32, B, N, K], bc: NDArray[float32, B, K, M]) -> None:
    assert_type(a @ b, NDArray[float32, N, M])
    assert_type(a @ v, NDArray[float32, N])
    assert_type(v @ b, NDArray[float32, M])
    assert_type(v @ v, NDArray[float32])
    assert_type(bb @ bc, NDArray[float32, B, N, M])
    b @ a  # pyright: ignore[reportOperatorIssue]
