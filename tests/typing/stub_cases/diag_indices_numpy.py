"""np.diag_indices_from of a square NDArray gives index vectors of its size, and indexing with them
works (a ridge term added to a kernel matrix's diagonal). numpy >= 2.5 types its parameter as an
ndarray of rank 2 or more, which an NDArray argument was refused by (an error on correct code);
numpy arrays keep numpy's own answer."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")


def add_ridge(K: NDArray[float64, N, N], alpha: float) -> NDArray[float64, N, N]:
    rows, cols = np.diag_indices_from(K)[:2]
    assert_type(rows, NDArray[np.intp, N])
    K[rows, cols] += alpha
    K[np.diag_indices_from(K)] += alpha
    return K


def plain(p: np.ndarray[tuple[int, int], np.dtype[np.float64]]) -> None:
    assert_type(np.diag_indices_from(p), tuple[np.ndarray[tuple[int], np.dtype[np.intp]], ...])
    q: Any = p
    np.diag_indices_from(q)
