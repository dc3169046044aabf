"""A binary ufunc with a size-1 last axis in x1 meeting x2's size: the result has x2's size, not
x1's 1 (held-out 4, an option's payoff `np.maximum(paths[:, -1:] - strikes, 0.0)` style: (P, 1)
with (P, Any) was typed (P, 1), and then rejected where (P, K) was declared)."""

from typing import Any, Literal

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float64

P = DimensionVar("P")
K = DimensionVar("K")


def payoff(p1: NDArray[float64, P, Literal[1]], pa: NDArray[float64, P, Any], pk: NDArray[float64, P, K]) -> None:
    assert_type(np.maximum(p1, pa), NDArray[float64, P, Any])
    assert_type(np.minimum(p1, pk), NDArray[float64, P, K])
    assert_type(np.maximum(p1, p1), NDArray[float64, P, Literal[1]])
    assert_type(np.maximum(pk, pk), NDArray[float64, P, K])
    r: NDArray[float64, P, K] = np.maximum(p1, pa)
