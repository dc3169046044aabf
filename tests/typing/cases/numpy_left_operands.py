# case requires: numpy >= 2.3 -- numpy < 2.3 types an unknown shape as tuple[int, ...], which pyright never matches to a fixed rank
"""A numpy array of unknown shape on the left of an NDArray: numpy's own operators take it."""

from typing import Any

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
E = DimensionVar("E")


def numpy_left(a: npt.NDArray[np.float32], b: np.ndarray[Any, Any], x: NDArray[float32, N, M], w: NDArray[float32, M, E]) -> None:
    a + x
    a * x
    b - x
    a < x
    a @ w
    b @ w
    x + a  # and the other way round
    x @ a
