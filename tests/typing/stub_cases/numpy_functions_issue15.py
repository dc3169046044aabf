"""With the overlay (issue 15): numpy functions that lost the shape, or accepted a mismatch.

Each `pyright: ignore` marks an error the overlay must report (an unneeded ignore is an error
itself); each assert_type a result it must compute.
"""

from typing import Any, Literal

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32, float64, int64

B = DimensionVar("B")
C = DimensionVar("C")
H = DimensionVar("H")
W = DimensionVar("W")
N = DimensionVar("N")
D = DimensionVar("D")
S = DimensionVar("S")
T = DimensionVar("T")


def reductions_over_axis_tuples(x: NDArray[float32, B, C, H, W]) -> None:
    assert_type(np.mean(x, axis=(0, 2, 3)), NDArray[float32, C])
    assert_type(np.std(x, axis=(-2, -1)), NDArray[float32, B, C])
    assert_type(np.sum(x, axis=(1, 2), keepdims=True), NDArray[float32, B, Literal[1], Literal[1], W])
    assert_type(np.max(x, axis=(0, -1)), NDArray[float32, C, H])


def channel_means(x: NDArray[float32, B, C, H, W]) -> NDArray[float32, C]:
    return np.mean(x, axis=(0, 1, 2))  # pyright: ignore[reportReturnType]  # the result is (W,)


def covariance(x: NDArray[float64, N, D]) -> None:
    assert_type(np.cov(x), NDArray[float64, N, N])
    assert_type(np.cov(x, rowvar=False), NDArray[float64, D, D])
    assert_type(np.corrcoef(x, rowvar=False), NDArray[float64, D, D])


def feature_covariance(x: NDArray[float64, N, D]) -> NDArray[float64, D, D]:
    return np.cov(x)  # pyright: ignore[reportReturnType]  # rowvar=False forgotten: (N, N)


def outer(u: NDArray[float64, N], v: NDArray[float64, D]) -> NDArray[float64, D, N]:
    assert_type(np.outer(u, v), NDArray[float64, N, D])
    return np.outer(u, v)  # pyright: ignore[reportReturnType]  # (N, D)


def densities(samples: NDArray[float64, N]) -> NDArray[float64, Any]:
    counts, edges = np.histogram(samples, bins=10)
    assert_type(edges, np.ndarray[tuple[Any], np.dtype[np.float64]])
    assert_type(np.histogram(samples, density=True)[0], np.ndarray[tuple[Any], np.dtype[np.float64]])
    return counts  # pyright: ignore[reportReturnType]  # integer counts


def least_squares(a: NDArray[float64, N, D], y: NDArray[float64, N], square: NDArray[float64, N, N]) -> None:
    assert_type(np.linalg.lstsq(a, y, rcond=None)[0], NDArray[float64, D])
    np.linalg.lstsq(a.T, y, rcond=None)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.linalg.solve(square, a.T)  # pyright: ignore[reportCallIssue, reportArgumentType]
    # np.linalg.inv of a non-square matrix is an error with numpy 2.4 only: numpy 2.5's own
    # overloads take any array-like and accept it (docs/stubs.md)
    assert_type(np.linalg.solve(square, y), NDArray[float64, N])
    solve_list: Any = np.linalg.solve(square, [1.0, 2.0])  # a list: numpy's own result
    ints = np.linalg.solve(square.astype(np.int64), y)  # mixed dtypes: the shapes still checked
    assert_type(ints, NDArray[np.inexact[Any], N])
    del solve_list


def einsum_families(q: NDArray[float32, B, S, D], k: NDArray[float32, B, T, D], x: NDArray[float32, N, D]) -> None:
    assert_type(np.einsum("bsd,btd->bst", q, k), NDArray[float32, B, S, T])
    assert_type(np.einsum("bsd,btd->bts", q, k), NDArray[float32, B, T, S])
    assert_type(np.einsum("nd,md->nm", x, x), NDArray[float32, N, N])
    assert_type(np.einsum("ni,nj->ij", x, x), NDArray[float32, D, D])
    assert_type(np.einsum("bi,bj->bji", x, x), NDArray[float32, N, D, D])


def scores(q: NDArray[float32, B, S, D], k: NDArray[float32, B, T, D]) -> NDArray[float32, B, S, T]:
    return np.einsum("bsd,btd->bts", q, k)  # pyright: ignore[reportReturnType]  # (B, T, S)


def sizes_from_shapes(x: NDArray[float64, N, D], k: int) -> NDArray[float64, D, Any]:
    w = np.zeros((x.shape[1], k), dtype=np.float64)  # computed sizes: unknown, not numpy's int
    assert_type(w, np.ndarray[tuple[Any, Any], np.dtype[np.float64]])
    return w


def counts_int64(labels: NDArray[int64, N]) -> NDArray[int64, Any]:
    return np.histogram(labels)[0]


# Row norms kept as a column (held-out 5 np_arcface: `centers / np.linalg.norm(centers, axis=1,
# keepdims=True)` was Any, and the `e @ w` that followed went unchecked).
def row_norms(x: NDArray[float32, N, D], e: NDArray[float32, B, D], batch: NDArray[float32, B, N, D]) -> None:
    assert_type(np.linalg.norm(x, axis=1, keepdims=True), NDArray[float32, N, Literal[1]])
    assert_type(np.linalg.norm(x, axis=1), NDArray[float32, N])
    assert_type(np.linalg.norm(batch, axis=-2, keepdims=True), NDArray[float32, B, Literal[1], D])
    w = x / np.linalg.norm(x, axis=1, keepdims=True)
    assert_type(e @ w.T, NDArray[float32, B, N])
    e @ w  # pyright: ignore[reportOperatorIssue]
    x / np.linalg.norm(x, axis=1)  # pyright: ignore[reportOperatorIssue]


# A unary ufunc of a 0-d ndtyping array (a full reduction) is 0-d. It fell through to numpy's own
# overloads (an unknown shape), and that numpy array on the left of an operator took any ndtyping
# array with numpy's operators: held-out 5 np_tone_map's `key / np.exp(np.log(lum).mean()) * lum`
# lost lum's shape, and the missing channel axis of the next line went unseen.
def unary_of_a_full_reduction(lum: NDArray[float32, H, W], counts: NDArray[int64, N], key: float) -> None:
    log_avg = np.exp(np.log(lum + 1e-6).mean())
    assert_type(log_avg, NDArray[float32])
    assert_type(key / log_avg * lum, NDArray[float32, H, W])
    assert_type(np.sqrt(lum.var()), NDArray[float32])
    assert_type(np.abs(lum.sum()), NDArray[float32])
    assert_type(np.sqrt(counts.sum()), NDArray[float64])
    ratio: NDArray[float32, H, W, Literal[1]] = key / log_avg * lum  # pyright: ignore[reportAssignmentType]
    # numpy scalars, which fit the protocol with shape (), keep numpy's own result
    assert_type(np.exp(np.float32(1.0)), Any)
    assert_type(np.sqrt(np.float64(2.0)), Any)
