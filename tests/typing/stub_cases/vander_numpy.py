"""np.vander of an NDArray vector: (A, N) with N literal when written so (a polynomial fit's
coefficient count), A by default, unknown when computed; the vector's dtype. A fit with one column
too few then returns the wrong coefficient count, an error at the return (before: numpy's 2-D array
with `int` sizes, so the wrong count passed and the right one was refused for its `int` sizes)."""

from typing import Any, Literal

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float64

T = DimensionVar("T")
S = DimensionVar("S")
Four = Literal[4]


def powers(t: NDArray[float64, T], n: int) -> None:
    assert_type(np.vander(t), NDArray[float64, T, T])
    assert_type(np.vander(t, 4), NDArray[float64, T, Literal[4]])
    assert_type(np.vander(t, 3, increasing=True), NDArray[float64, T, Literal[3]])
    assert_type(np.vander(t, n), NDArray[float64, T, Any])


def fit_cubic(t: NDArray[float64, T], Y: NDArray[float64, T, S]) -> NDArray[float64, Four, S]:
    A = np.vander(t, 4)
    coef, *_ = np.linalg.lstsq(A, Y, rcond=None)
    return coef


def fit_quadratic_as_cubic(t: NDArray[float64, T], Y: NDArray[float64, T, S]) -> NDArray[float64, Four, S]:
    A = np.vander(t, 3)
    coef, *_ = np.linalg.lstsq(A, Y, rcond=None)
    return coef  # pyright: ignore[reportReturnType]  # (3, S), not (4, S)
