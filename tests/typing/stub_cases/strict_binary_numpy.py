"""The common binary ufuncs (add, subtract, multiply, divide/true_divide, power, maximum, minimum,
fmax, fmin, floor_divide, remainder/mod, fmod, float_power) of two ndtyping arrays of one rank whose
shapes clash are an error: they passed through numpy's own overloads, which take any array-like.
Everything else numpy's overloads took still passes: numpy arrays, scalars, sequences, `Any`,
other ranks, size-1 axes, keywords, arguments typed `npt.ArrayLike`, and every dtype combination
(a clash comes from shapes only)."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import Unpack, assert_type

from ndtyping import (
    DimensionVar,
    NDArray,
    bool_,
    complex64,
    float16,
    float32,
    float64,
    int8,
    int32,
    int64,
    uint8,
)

H = DimensionVar("H")
W = DimensionVar("W")
N = DimensionVar("N")

Unknown = NDArray[Any, Unpack[tuple[Any, ...]]]


def clashes(
    a: NDArray[float32, H, W],
    b: NDArray[float32, W, H],
    i: NDArray[int64, W, H],
    c: NDArray[float32, N, H, W],
    d: NDArray[float32, H, N, W],
) -> None:
    np.add(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.subtract(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.multiply(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.divide(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.true_divide(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.power(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.maximum(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.minimum(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.fmax(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.fmin(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.floor_divide(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.remainder(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.mod(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.fmod(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.float_power(a, b)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.add(a, i)  # pyright: ignore[reportCallIssue, reportArgumentType]  # two dtype families
    np.maximum(i, a)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.add(c, d)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.add(a.T, b.T)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.add(a, b.T)


def dtypes(
    x: NDArray[float32, H, W],
    d: NDArray[float64, H, W],
    i: NDArray[int64, H, W],
    i8: NDArray[int8, H, W],
    i32: NDArray[int32, H, W],
    u8: NDArray[uint8, H, W],
    b: NDArray[bool_, H, W],
    cc: NDArray[complex64, H, W],
    f16: NDArray[float16, H, W],
) -> None:
    assert_type(np.add(x, x), NDArray[float32, H, W])
    assert_type(np.add(x, d), NDArray[float32 | float64, H, W])
    assert_type(np.add(x, i), NDArray[Any, H, W])  # two dtype families: the shape still holds
    assert_type(np.add(i, x), NDArray[Any, H, W])
    np.add(i8, i)
    np.add(u8, x)
    np.add(b, x)
    np.add(b, b)
    np.add(cc, x)
    np.add(f16, i32)
    np.subtract(i, d)
    np.multiply(b, i8)
    assert_type(np.divide(i, x), NDArray[Any, H, W])
    np.divide(b, i)
    np.true_divide(u8, f16)
    np.power(x, i)
    np.power(i, 2)
    np.power(i, 0.5)
    np.float_power(i, x)
    np.maximum(b, f16)
    np.minimum(i32, cc)
    np.fmax(u8, i8)
    np.fmin(d, i)
    np.floor_divide(i, x)
    np.remainder(i8, d)
    np.fmod(x, i32)


def accepted(
    x: NDArray[float32, H, W],
    i: NDArray[int64, H, W],
    col: NDArray[float32, H, Literal[1]],
    row: NDArray[float32, Literal[1], W],
    v: NDArray[float32, W],
    vi: NDArray[int64, W],
    t: NDArray[float32, N, H, W],
    npx: npt.NDArray[np.float32],
    anything: Any,
) -> None:
    assert_type(np.maximum(col, row), Unknown)  # a size 1 on each side
    np.maximum(x, col)
    np.maximum(x[:, :1], x)
    assert_type(np.maximum(x, v), NDArray[float32, H, W])
    np.maximum(x, vi)  # a vector of another dtype family: another rank
    np.maximum(v, x)  # the smaller first: an unknown shape
    np.maximum(t, x)
    np.maximum(x, t)
    np.add(x, npx)  # a numpy array of unknown shape
    np.add(npx, x)
    np.add(x, [[1.0]])  # sequences
    np.add(x, (1, 2))
    np.add(x, np.float64(2.0))  # numpy and Python scalars
    np.add(x, 1)
    np.add(1, x)
    np.add(True, x)
    np.add(x, 1j)
    np.add(i, 1.5)
    np.maximum(x, 0.0)
    np.maximum(x, x.mean())
    np.maximum(x.sum(), x)  # a 0-d array
    np.add(x, x, out=x)  # keywords, with any operands
    np.add(x, 1.0, out=x)
    np.multiply(2, x, out=x)
    np.add(x, x, dtype=np.float64)
    np.add(x, i, where=x > 0)
    np.add(x, i, casting="unsafe")
    np.add(x, [1.0], order="C")
    np.add(anything, x)
    np.add(x, anything)
    np.add(x.T, x.T)
    np.add(x[None], x[:, None])


def plain(p: npt.ArrayLike, q: npt.NDArray[np.float64], xs: list[float]) -> npt.NDArray[np.float64]:
    """Arguments typed `npt.ArrayLike` are matched member by member (the narrowed fallback does not
    take the whole union): numpy's result, never an ndtyping array in it."""
    a: npt.NDArray[np.float64] = np.add(p, 1)
    b: npt.NDArray[np.float64] = np.add(p, q)
    c: npt.NDArray[np.float64] = np.hypot(1.0, p)
    np.maximum(q, p)
    np.multiply(p, 2.0, out=q)
    np.matmul(p, q)
    np.add(xs, 1)
    np.add(xs, xs)
    return np.maximum(p, 0.0)
