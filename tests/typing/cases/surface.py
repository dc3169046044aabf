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
    # N and M are unbounded DimensionVars, `object` to pyright: each size is a DimSize (an int that
    # names its dimension) so that they work as ints (see int_dimensions.py); the rank is kept
    rows, cols = x.shape
    assert_type(rows + cols, int)
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
    # sizes of unknown value are Any (an `int` would not meet a dimension: `NDArray[f32, N, Any]`)
    assert_type(x.reshape(2, 6), NDArray[float32, Any, Any])
    assert_type(x.reshape((3, -1)), NDArray[float32, Any, Any])
    assert_type(x.reshape(1, -1, 1, 1), NDArray[float32, Any, Any, Any, Any])
    assert_type(x.reshape(-1), NDArray[float32, Any])
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
    assert_type(x.prod(axis=(0, 1)), NDArray[float32, M])  # a tuple of axes: see reduction_axes.py


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


# Issue 15: what realistic code does with an array.


def unary(x: NDArray[float32, N, M], b: NDArray[np.bool_, N]) -> None:
    assert_type(-x, NDArray[float32, N, M])
    assert_type(+x, NDArray[float32, N, M])
    assert_type(abs(x), NDArray[float32, N, M])
    assert_type(~b, NDArray[np.bool_, N])
    assert_type(-x.sum(axis=0), NDArray[float32, M])


def comparisons(x: NDArray[float32, N, M], v: NDArray[float32, M], pred: NDArray[np.int64, N], labels: NDArray[np.int64, N]) -> None:
    assert_type(x > 0, NDArray[np.bool_, N, M])
    assert_type(x <= v, NDArray[np.bool_, N, M])
    assert_type(v >= x, NDArray[np.bool_, N, M])  # the mirrored x <= v
    assert_type((x > 0).mean(), NDArray[float64])
    # `==` and `!=` are Any: object declares `__eq__ -> bool`, and jax's `__eq__` takes only jax's
    # ArrayLike, so the protocol cannot say more (docs/static.md); Any, so never an error
    assert_type(x == 0, Any)
    assert_type(x != v, Any)
    (pred == labels).mean()
    accuracy = float((pred == labels).mean())
    assert_type(accuracy, float)
    x < pred  # pyright: ignore[reportOperatorIssue]  # dtypes differ (promotion is not modelled)
    x > x.T  # pyright: ignore[reportOperatorIssue]  # (N, M) against (M, N)


def masks(x: NDArray[float32, N, M], keep: NDArray[np.bool_, N, M]) -> None:
    both = (x > 0) & keep
    assert_type(both, NDArray[np.bool_, N, M])
    assert_type((x > 0) | ~keep, NDArray[np.bool_, N, M])
    assert_type(x[keep], NDArray[float32, Unpack[tuple[Any, ...]]])


def new_axes_and_slices(x: NDArray[float32, N, M], v: NDArray[float32, K]) -> None:
    assert_type(x[:, None], NDArray[float32, N, L1, M])
    assert_type(x[None], NDArray[float32, L1, N, M])
    assert_type(x[None, :], NDArray[float32, L1, N, M])
    assert_type(x[..., None], NDArray[float32, N, M, L1])
    assert_type(x[None, ...], NDArray[float32, L1, N, M])
    assert_type(x[:, :, None], NDArray[float32, N, M, L1])
    assert_type(x[:], NDArray[float32, N, M])
    assert_type(x[1:], NDArray[float32, Any, M])
    assert_type(x[:, 1:], NDArray[float32, N, Any])
    assert_type(x[:-1, :], NDArray[float32, Any, M])
    assert_type(x[0], NDArray[float32, M])
    assert_type(x[-1], NDArray[float32, M])
    assert_type(x[:, 0], NDArray[float32, N])
    assert_type(x[0, 0], NDArray[float32])
    assert_type(x[..., 0], NDArray[float32, N])
    assert_type(x[..., -1:], NDArray[float32, N, L1])  # `-1:` keeps one
    assert_type(v[:, None] * v[None, :], NDArray[float32, K, K])  # an outer product
    assert_type(x[:, None, :] - x[None, :, :], NDArray[float32, N, N, M])  # pairwise differences


def methods(x: NDArray[float32, N, M], v: NDArray[float32, M], w: NDArray[float32, M, K]) -> None:
    assert_type(x.clip(0.0, 1.0), NDArray[float32, N, M])
    assert_type(x.round(2), NDArray[float32, N, M])
    assert_type(x.cumsum(axis=0), NDArray[float32, N, M])
    assert_type(x.cumsum(), NDArray[float32, Any])
    assert_type(x.cumprod(axis=-1), NDArray[float32, N, M])
    assert_type(x.argsort(), NDArray[np.intp, N, M])
    assert_type(x.argsort(axis=0), NDArray[np.intp, N, M])
    assert_type(x.argsort(axis=None), NDArray[np.intp, Any])
    assert_type(x.dot(w), NDArray[float32, N, K])
    assert_type(x.dot(v), NDArray[float32, N])
    assert_type(v.dot(v), NDArray[float32])
    assert_type(v.dot(w), NDArray[float32, K])
    x.dot(x)  # pyright: ignore[reportCallIssue, reportArgumentType]  # (N, M) . (N, M)
    assert_type(x.swapaxes(0, 1), NDArray[float32, M, N])
    assert_type(x.swapaxes(-1, -2), NDArray[float32, M, N])
    # literal axes of transpose, both spellings (issue 15, session 8: an unknown shape, so a
    # `(B, K, N) @ (B, N, K)` Gram matrix of the wrong side passed as `(B, N, N)`)
    assert_type(x.transpose(1, 0), NDArray[float32, M, N])
    assert_type(x[None].transpose(0, 2, 1), NDArray[float32, L1, M, N])
    assert_type(x[None].transpose((2, 0, 1)), NDArray[float32, M, L1, N])
    assert_type(x[None, None].transpose(3, 2, 1, 0), NDArray[float32, M, N, L1, L1])
    wrong_gram: NDArray[float32, L1, N, N] = x[None].transpose(0, 2, 1) @ x[None]  # pyright: ignore[reportAssignmentType]
    assert_type(x.mT, NDArray[float32, M, N])
    assert_type(x.T, NDArray[float32, M, N])
    assert_type(x.copy(), NDArray[float32, N, M])
    assert_type(x.astype(np.float64), NDArray[np.float64, N, M])
    assert_type(x.astype(np.dtype(np.int8)), NDArray[int8, N, M])
    assert_type(x.astype(float), NDArray[Any, N, M])  # float64 in numpy, float32 in jax
    assert_type(x[None].squeeze(axis=0), NDArray[float32, N, M])
    assert_type(x.squeeze(), NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(x.std(axis=0, ddof=1), NDArray[float32, M])
    assert_type(x.sum(axis=-1, dtype=np.float64), NDArray[Any, Unpack[tuple[Any, ...]]])
    assert_type(x.conj(), NDArray[float32, N, M])
    assert_type(x.repeat(2, axis=0), NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(x.nonzero(), tuple[NDArray[np.intp, Any], ...])


def scalars(x: NDArray[float32, N, M], i: NDArray[np.int64, N], c: NDArray[np.complex64, N]) -> None:
    assert_type(float(x.mean()), float)
    assert_type(int(x.argmax()), int)
    assert_type(int(x.sum()), int)
    assert_type(x.mean().item(), float)
    assert_type(i.item(), int)
    assert_type(bool(x.any()), bool)
    assert_type(complex(c[0]), complex)
    assert_type(x.tolist(), Any)
    assert_type(c.real, NDArray[float32, N])
    assert_type(c.imag, NDArray[float32, N])
    assert_type(x.real, NDArray[float32, N, M])
    assert_type(list(range(i[0])), list[int])  # a 0-d integer array is an index
    range(i)  # pyright: ignore[reportArgumentType]  # a 1-d one is not


def jax_updates(x: NDArray[float32, N, M], row: NDArray[float32, M]) -> NDArray[float32, N, M]:
    assert_type(x.at[0].set(row), NDArray[float32, N, M])
    assert_type(x.at[:, 0].add(1.0), NDArray[float32, N, M])
    return x.at[0, 0].multiply(2.0)


def in_place(x: NDArray[float32, N, M], v: NDArray[float32, M]) -> None:
    x += v
    x *= 2.0
    x[0] = v
    x[x > 0] = 0.0


def flat_view(covariance: NDArray[float64, N, N]) -> None:
    # numpy's flatiter: scikit-learn's GaussianMixture adds reg_covar to a diagonal this way
    covariance.flat[:: covariance.shape[0] + 1] += 1e-6
    assert_type(list(covariance.flat), list[Any])


def unknown_shape(x: NDArray[float32, Unpack[tuple[Any, ...]]]) -> None:
    assert_type(x.sum(axis=0), NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(x.shape, tuple[Any, ...])
    assert_type(x[:, None], NDArray[float32, Any, L1, Unpack[tuple[Any, ...]]])
    assert_type(x.clip(0, 1), NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(float(x.mean()), float)
