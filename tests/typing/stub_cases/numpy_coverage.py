"""What the numpy overlay infers, function by function (strict)."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float32, float64, int64

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
L1 = Literal[1]


def reductions(x: NDArray[float32, N, M, K], i: NDArray[int64, N, M]) -> None:
    assert_type(np.sum(x, axis=0), NDArray[float32, M, K])
    assert_type(np.sum(x, axis=-1), NDArray[float32, N, M])
    assert_type(np.mean(x, axis=1, keepdims=True), NDArray[float32, N, L1, K])
    assert_type(np.max(x, axis=2), NDArray[float32, N, M])
    assert_type(np.min(x, axis=-2), NDArray[float32, N, K])
    assert_type(np.std(x, axis=0), NDArray[float32, M, K])
    assert_type(np.var(x, axis=0), NDArray[float32, M, K])
    assert_type(np.prod(x, axis=0), NDArray[float32, M, K])
    assert_type(np.any(x, axis=0), NDArray[np.bool_, M, K])
    assert_type(np.all(x, axis=0), NDArray[np.bool_, M, K])
    assert_type(np.argmax(x, axis=0), NDArray[np.intp, M, K])
    assert_type(np.argmin(x, axis=-1), NDArray[np.intp, N, M])
    assert_type(np.mean(i, axis=0), NDArray[float64, M])


def layout(x: NDArray[float32, N, M], y: NDArray[float32, N, M, K]) -> None:
    assert_type(np.transpose(x), NDArray[float32, M, N])
    assert_type(np.transpose(y), NDArray[float32, K, M, N])
    assert_type(np.swapaxes(y, 0, 2), NDArray[float32, K, M, N])
    assert_type(np.swapaxes(y, -1, -2), NDArray[float32, N, K, M])
    assert_type(np.moveaxis(y, 0, -1), NDArray[float32, M, K, N])
    assert_type(np.expand_dims(x, 0), NDArray[float32, L1, N, M])
    assert_type(np.expand_dims(x, -1), NDArray[float32, N, M, L1])


def squeeze(x: NDArray[float32, N, L1, M]) -> None:
    assert_type(np.squeeze(x, axis=1), NDArray[float32, N, M])


def products(a: NDArray[float32, N, K], b: NDArray[float32, K, M], v: NDArray[float32, K]) -> None:
    assert_type(np.matmul(a, b), NDArray[float32, N, M])
    assert_type(np.matmul(a, v), NDArray[float32, N])
    assert_type(np.dot(a, b), NDArray[float32, N, M])
    assert_type(np.dot(v, v), NDArray[float32])
    # ndtyping arrays whose shapes fit no matrix product are an error (numpy's own overloads no
    # longer take them); a numpy array on one side still gets numpy's own result
    np.matmul(b, a)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.dot(b, a)  # pyright: ignore[reportCallIssue, reportArgumentType]
    assert_type(np.matmul(a, np.zeros((3, 4))), Any)


def elementwise(x: NDArray[float32, N, M], v: NDArray[float32, M], w: NDArray[float32, N]) -> None:
    assert_type(np.add(x, x), NDArray[float32, N, M])
    assert_type(np.multiply(x, 2.0), NDArray[float32, N, M])
    assert_type(np.subtract(x, v), NDArray[float32, N, M])
    assert_type(np.exp(x), NDArray[float32, N, M])
    assert_type(np.sqrt(x), NDArray[float32, N, M])
    assert_type(np.maximum(x, 0.0), NDArray[float32, N, M])
    assert_type(np.clip(x, 0.0, 1.0), NDArray[float32, N, M])
    assert_type(np.where(x > 0, x, x), NDArray[float32, N, M])
    # N does not broadcast against M, but the ranks differ, and numpy broadcasts more forms than
    # the rules: an array of unknown shape (two arrays of one rank whose shapes clash are an error)
    assert_type(np.add(x, w), NDArray[Any, Unpack[tuple[Any, ...]]])


def creation(x: NDArray[float32, N, M], size: int) -> None:
    assert_type(np.zeros_like(x), NDArray[float32, N, M])
    assert_type(np.ones_like(x), NDArray[float32, N, M])
    assert_type(np.full_like(x, 2.0), NDArray[float32, N, M])
    # a literal shape and a dtype: a numpy array with Literal sizes, usable as an NDArray
    z = np.zeros((3, 4), dtype=np.float32)
    assert_type(z, np.ndarray[tuple[Literal[3], Literal[4]], np.dtype[np.float32]])
    annotated: NDArray[float32, Literal[3], Literal[4]] = z
    assert_type(np.ones((2,), dtype=np.int64), np.ndarray[tuple[Literal[2]], np.dtype[np.int64]])
    assert_type(np.empty((2, 3, 4), np.float64), np.ndarray[tuple[Literal[2], Literal[3], Literal[4]], np.dtype[np.float64]])
    assert_type(np.full((2, 3), 1.5, dtype=np.float32), np.ndarray[tuple[Literal[2], Literal[3]], np.dtype[np.float32]])
    assert_type(np.eye(3, dtype=np.float32), np.ndarray[tuple[Literal[3], Literal[3]], np.dtype[np.float32]])
    assert_type(np.eye(2, 5, dtype=np.float32), np.ndarray[tuple[Literal[2], Literal[5]], np.dtype[np.float32]])
    # without a dtype, numpy's own types (whose size spelling differs between releases: numpy 2.5
    # keeps literal sizes where 2.4 widened them to int); a computed size with a dtype: unknown
    # sizes (Any, which meets a named dimension)
    plain: np.ndarray[tuple[int, int], np.dtype[np.float64]] = np.zeros((3, 4))
    assert_type(np.zeros((size, 4), dtype=np.float32), np.ndarray[tuple[Any, Any], np.dtype[np.float32]])
    assert_type(np.zeros(size, dtype=np.float32), np.ndarray[tuple[Any], np.dtype[np.float32]])
    ramp: np.ndarray[tuple[int], np.dtype[np.signedinteger[Any]]] = np.arange(5)


def reshape(x: NDArray[float32, N, M], a: npt.NDArray[np.float32]) -> None:
    assert_type(np.reshape(x, (2, 3)), NDArray[float32, Literal[2], Literal[3]])
    assert_type(np.reshape(x, (6,)), NDArray[float32, Literal[6]])
    assert_type(np.reshape(a, (2, 3, 1)), np.ndarray[tuple[Literal[2], Literal[3], Literal[1]], np.dtype[np.float32]] | Any)


def vecdot(x: NDArray[float32, N, M], y: NDArray[float32, N, M], v: NDArray[float32, M]) -> None:
    assert_type(np.vecdot(x, y), NDArray[float32, N])
    assert_type(np.vecdot(x, v), NDArray[float32, N])
    assert_type(np.vecdot(v, v), NDArray[float32])


def more_layout(y: NDArray[float32, N, M, K]) -> None:
    assert_type(np.swapaxes(y, 0, -1), NDArray[float32, K, M, N])
    assert_type(np.swapaxes(y, 2, -2), NDArray[float32, N, K, M])
    assert_type(np.moveaxis(y, -1, 0), NDArray[float32, K, N, M])
    assert_type(np.moveaxis(y, 1, -1), NDArray[float32, N, K, M])
    assert_type(np.squeeze(np.expand_dims(y, -2), axis=-2), NDArray[float32, N, M, K])


def more_elementwise(x: NDArray[float32, N, M], i: NDArray[int64, N, M]) -> None:
    assert_type(np.log1p(x), NDArray[float32, N, M])
    assert_type(np.floor(x), NDArray[float32, N, M])
    assert_type(np.arctan2(x, x), NDArray[float32, N, M])
    assert_type(np.hypot(x, 1.0), NDArray[float32, N, M])
    assert_type(np.remainder(i, 3), NDArray[int64, N, M])
    # numpy scalars keep numpy's own types
    assert_type(float(np.exp(np.float32(1.0))), float)


def joins(v: NDArray[float32, M], x: NDArray[float32, N, M]) -> None:
    # joins give numpy arrays (a class: a declared result type cannot solve their shape)
    s: NDArray[float32, Any, M] = np.stack([v, v])
    s_: NDArray[float32, Any, M, M] = np.stack([v, v])  # pyright: ignore[reportAssignmentType]
    c: NDArray[float32, Any, M] = np.concatenate([x, x])
    c_: NDArray[float32, Any, N] = np.concatenate([x, x])  # pyright: ignore[reportAssignmentType]
    print(s, s_, c, c_)
