"""Creation with another array's dtype (`dtype=x.dtype`, a `np.dtype[float64]`) keeps the sizes read
from `x.shape` and that dtype, as a scalar type does (before: numpy's own array with `int` sizes,
which a declared `NDArray[float64, G, D]` refused: a correct segment-sum readout was an error);
`*_like` with a dtype keeps the argument's shape in that dtype (before: numpy's array of unknown shape)."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32, float64, int64

N = DimensionVar("N")
D = DimensionVar("D")
G = DimensionVar("G")


def segment_sums(data: NDArray[float64, N, D], sizes: NDArray[int64, G]) -> NDArray[float64, G, D]:
    out = np.zeros((sizes.shape[0], data.shape[1]), dtype=data.dtype)
    assert_type(out, NDArray[float64, G, D])
    assert_type(np.empty(sizes.shape[0], dtype=data.dtype), NDArray[float64, G])
    assert_type(np.zeros(data.shape, dtype=data.dtype), NDArray[float64, N, D])
    wrong: NDArray[float64, D, G] = np.zeros((sizes.shape[0], data.shape[1]), dtype=data.dtype)  # pyright: ignore[reportAssignmentType]
    print(wrong)
    return out


def like(h: NDArray[float64, N, D], x: NDArray[float32, N]) -> NDArray[float32, N, D]:
    assert_type(np.zeros_like(h, dtype=x.dtype), NDArray[float32, N, D])
    assert_type(np.full_like(h, 0, dtype=np.int64), NDArray[int64, N, D])
    assert_type(np.ones_like(h, np.float32), NDArray[float32, N, D])
    p = np.zeros((3, 4))
    q: Any = np.zeros_like(p, dtype=np.float32)
    print(q)
    return np.empty_like(h, dtype=x.dtype)
