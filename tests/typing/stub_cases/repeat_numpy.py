"""np.repeat: the repeated axis has an unknown length (numpy's stubs type it `int`, which a dimension
never holds: a segment-id vector `np.repeat(np.arange(g), sizes)` returned as `NDArray[int64, N]`
was an error on correct code); the other axes of an ndtyping array are kept, so repeating along
the wrong axis still meets its annotation."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float64, int64

N = DimensionVar("N")
D = DimensionVar("D")
G = DimensionVar("G")


def segment_ids(sizes: NDArray[int64, G], g: int) -> NDArray[int64, N]:
    return np.repeat(np.arange(g), sizes)


def repeated(x: NDArray[float64, N, D], sizes: NDArray[int64, G]) -> NDArray[float64, Any, D]:
    assert_type(np.repeat(x, 2), NDArray[float64, Any])
    assert_type(np.repeat(x, sizes, axis=1), NDArray[float64, N, Any])
    assert_type(np.repeat(x, 3, axis=-1), NDArray[float64, N, Any])
    wrong: NDArray[float64, D, Any] = np.repeat(x, 2, axis=1)  # pyright: ignore[reportAssignmentType]  # N kept first
    print(wrong)
    return np.repeat(x, 2, axis=0)
