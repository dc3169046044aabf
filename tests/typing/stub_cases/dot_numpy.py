"""np.dot by two shape rules, `(*Rest, A) . (A, B) -> (*Rest, B)` and `(*Rest, A) . (A) -> (*Rest)`:
every rank of the first array with a matrix or a vector (fewer rules: an untyped argument meets
them all). A contracted axis that differs is an error; an array of unknown rank keeps what is known."""

from typing import Any

import numpy as np
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
K = DimensionVar("K")
M = DimensionVar("M")


def products(
    v: NDArray[float32, K],
    w: NDArray[float32, K, M],
    x: NDArray[float32, N, K],
    t: NDArray[float32, B, N, K],
    u: NDArray[float32, Unpack[tuple[Any, ...]]],
) -> None:
    assert_type(np.dot(v, v), NDArray[float32])
    assert_type(np.dot(v, w), NDArray[float32, M])
    assert_type(np.dot(x, w), NDArray[float32, N, M])
    assert_type(np.dot(x, v), NDArray[float32, N])
    assert_type(np.dot(t, w), NDArray[float32, B, N, M])
    assert_type(np.dot(t, v), NDArray[float32, B, N])
    assert_type(np.dot(np.dot(x, w).T, x), NDArray[float32, M, K])
    np.dot(w, x)  # pyright: ignore[reportCallIssue, reportArgumentType]  # (K, M) . (N, K)
    np.dot(x, x)  # pyright: ignore[reportCallIssue, reportArgumentType]  # (N, K) . (N, K)
    row: NDArray[float32, N] = np.dot(v, w)  # pyright: ignore[reportAssignmentType]  # (M,), not (N,)
    print(row)
    known: NDArray[float32, Any, M] = np.dot(u, w)  # the last axis is M whatever u's rank
    print(known)
