"""With the overlay: sizes from `x.shape` of unbounded DimensionVars make arrays that may be returned
with those dimensions (issue 15: `np.zeros((n, d))` returned as `NDArray[f32, N, D]`)."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def zeros_like_input(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    n, d = x.shape
    z = np.zeros((n, d), dtype=np.float32)
    assert_type(z.shape, tuple[Any, Any])
    return z


def mean_as_float(x: NDArray[float32, N, D]) -> float:
    return float(x.mean()) + float(np.mean(x))


def argmax_as_int(x: NDArray[float32, N]) -> int:
    return int(x.argmax())
