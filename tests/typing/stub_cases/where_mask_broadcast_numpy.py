"""np.where with an ndtyping mask: the mask must broadcast against the branches. Accepted: the same
shape, a trailing mask of lower rank, size-1 axes, a mask larger than the branches, a 0-d mask, a
mask of unknown rank, and masks that are not ndtyping arrays. A shaped mask that fits none is an
error on the line (held-out 4: `np.where(accept[None, :], proposal, x)` with (Chains,) chains
against (Chains, Dim); `np.where(mask[:, None, :], per_point, -np.inf)`, (Batch, 1, Pts) against
(Batch, Pts, Feat))."""

from typing import Any

import numpy as np
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32, float64

B = DimensionVar("B")
H = DimensionVar("H")
T = DimensionVar("T")
N = DimensionVar("N")
C = DimensionVar("C")


def accepted(
    x: NDArray[float64, N, C],
    accept: NDArray[bool_, N],
    row: NDArray[bool_, C],
    scores: NDArray[float32, B, H, T, T],
    causal: NDArray[bool_, T, T],
    pad: NDArray[bool_, B, T],
    vec: NDArray[float32, T],
    unknown: NDArray[bool_, Unpack[tuple[Any, ...]]],
    numpy_mask: np.ndarray,
    flip: NDArray[bool_, B],
) -> None:
    assert_type(np.where(accept[:, None], x, x), NDArray[float64, N, C])
    assert_type(np.where(row[None, :], x, 0.0), NDArray[float64, N, C])
    assert_type(np.where(row, 0.0, x), NDArray[float64, N, C])
    assert_type(np.where(causal, scores, -1e9), NDArray[float32, B, H, T, T])
    assert_type(np.where(pad[:, None, None, :], scores, np.float32(-1e9)), NDArray[float32, B, H, T, T])
    assert_type(np.where(x.sum() > 0, x, 0.0), NDArray[float64, N, C])
    assert_type(np.where(unknown, x, 0.0), NDArray[float64, N, C])
    assert_type(np.where(numpy_mask, x, 0.0), NDArray[float64, N, C])
    assert_type(np.where(True, x, 0.0), NDArray[float64, N, C])
    r1: NDArray[float32, B, T] = np.where(pad, vec, 0.0)  # a mask larger than the branches
    r2: NDArray[np.float64, B, T] = np.where(pad, 1.0, 0.0)
    r3 = np.where(accept)[0]  # the one-argument form: indices
    assert_type(np.where(flip[:, None, None, None], scores, scores), NDArray[float32, B, H, T, T])


def rejected(x: NDArray[float64, N, C], accept: NDArray[bool_, N], scores: NDArray[float32, B, H, T, T], pad: NDArray[bool_, B, T]) -> None:
    np.where(accept[None, :], x, x)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.where(accept, x, 0.0)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.where(pad[:, None, :], scores, 0.0)  # pyright: ignore[reportCallIssue, reportArgumentType]


def branches_of_different_shapes(x: NDArray[float64, N, C], pytree: dict[str, Any]) -> None:
    # a (C,) or (1, C) row filling an (N, C) array (imputation): accepted, of unknown shape
    col_mean = x.mean(axis=0)
    assert_type(np.where(np.isnan(x), col_mean, x), NDArray[float64, Unpack[tuple[Any, ...]]])
    assert_type(np.where(x > 0, x, col_mean[None, :]), NDArray[float64, Unpack[tuple[Any, ...]]])
    # a branch typed Any (a pytree's value): an array of unknown shape and dtype, not Unknown
    assert_type(np.where(x > 0, pytree["w"], x), NDArray[Any, Unpack[tuple[Any, ...]]])
    assert_type(np.where(x > 0, x, pytree["w"]), NDArray[Any, Unpack[tuple[Any, ...]]])
