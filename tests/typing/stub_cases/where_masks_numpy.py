"""np.where with an ndtyping mask: the result has x's shape (or y's), which the mask does not solve:
a (P, 1) mask with a (P, Any) branch is (P, Any), not the mask's (P, 1) (held-out 4, an option's
payoff `np.where(alive, paths[:, -1:] - strikes, 0.0)`)."""

from typing import Any, Literal

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float64

P = DimensionVar("P")
K = DimensionVar("K")


def payoff(alive: NDArray[np.bool_, P, Literal[1]], last: NDArray[float64, P, Any], full: NDArray[float64, P, K]) -> None:
    r1: NDArray[float64, P, K] = np.where(alive, last, 0.0)
    assert_type(np.where(alive, last, 0.0), NDArray[float64, P, Any])
    assert_type(np.where(alive, 0.0, last), NDArray[float64, P, Any])
    assert_type(np.where(alive, full, 0.0), NDArray[float64, P, K])
    assert_type(np.where(alive, full, full), NDArray[float64, P, K])
