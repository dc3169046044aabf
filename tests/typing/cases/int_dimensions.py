"""`x.shape[-1]` as an int: a DimensionVar bound to int is one, and still checks shapes."""

import math
from typing import Any, Literal

import numpy as np
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, ShapeVar, float32

Seq = DimensionVar("Seq", bound=int)
Dk = DimensionVar("Dk", bound=int)
N = DimensionVar("N")  # unbounded: to pyright an `object`
Batch = ShapeVar("Batch")
L3 = Literal[3]
L4 = Literal[4]


def scaled(q: NDArray[float32, Seq, Dk]) -> NDArray[float32, Seq, Dk]:
    scale = 1.0 / math.sqrt(q.shape[-1])
    assert_type(int(q.shape[-1]), int)
    assert_type(q.shape[-1] * 2, int)
    assert_type(range(q.shape[0]), range)
    seq, dk = q.shape  # the dims are still the type variables
    assert_type(seq, Seq)
    assert_type(dk, Dk)
    return q * scale


def square(x: NDArray[float32, Seq, Seq]) -> None: ...
def pair(x: NDArray[float32, Seq, Dk]) -> NDArray[float32, Dk, Seq]:
    return x.T


def bounded_dims_still_check(
    sizes: NDArray[float32, L3, L4],
    gradual: NDArray[float32, Any, Any],
    numpy_array: np.ndarray[tuple[int, int], np.dtype[np.float32]],
    q: NDArray[float32, Seq, Dk],
) -> None:
    assert_type(pair(sizes), NDArray[float32, L4, L3])
    pair(gradual)
    pair(numpy_array)
    square(sizes)  # pyright: ignore[reportArgumentType]  # 3 is not 4
    square(q)  # pyright: ignore[reportArgumentType]  # Seq is not Dk


def unbounded_dims(x: NDArray[float32, N, N], v: NDArray[float32, Unpack[Batch], N]) -> None:
    # an unbounded dimension is an `object` to pyright, so `x.shape` gives its size as a DimSize[N]:
    # an int that names its dimension
    math.sqrt(x.shape[-1])
    size: int = v.shape[-1]
    # and it does not fit a bound=int dimension: bound and unbounded DimensionVars do not mix that way
    square(x)  # pyright: ignore[reportArgumentType]
    len(v.shape)  # the rank of a variadic shape is an int; its items are not
