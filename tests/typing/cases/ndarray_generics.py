"""NDArray[DType, *Shape] (Unpack spelling, valid on 3.10): what pyright must catch and accept."""

from typing import Any, Literal

import numpy as np
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, ShapeVar, float32, float64, int32

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
Batch = ShapeVar("Batch")


def matmul(a: NDArray[float32, N, K], b: NDArray[float32, K, M]) -> NDArray[float32, N, M]: ...
def square(m: NDArray[float32, N, N]) -> NDArray[float32, N]: ...
def first(x: NDArray[float32, N, M]) -> NDArray[float32, M]: ...
def batched(x: NDArray[float32, Unpack[Batch], N]) -> NDArray[float32, Unpack[Batch]]: ...
def floating(x: NDArray[np.floating[Any], N]) -> NDArray[np.floating[Any], N]: ...
def three(x: NDArray[float32, Literal[3]]) -> None: ...
def anything(x: NDArray[float32, Unpack[tuple[Any, ...]]]) -> None: ...
def unchecked_axis(x: NDArray[float32, Any, Literal[2]]) -> None: ...


def dims_flow(x: NDArray[float32, N, K], w: NDArray[float32, K, M]) -> None:
    assert_type(matmul(x, w), NDArray[float32, N, M])
    matmul(w, x)  # pyright: ignore[reportArgumentType]  # swapped operands: K vs M
    matmul(x, x)  # pyright: ignore[reportArgumentType]


def square_only(sq: NDArray[float32, N, N], rect: NDArray[float32, N, M]) -> None:
    assert_type(square(sq), NDArray[float32, N])
    square(rect)  # pyright: ignore[reportArgumentType]


def ranks_and_dtypes(v: NDArray[float32, N], m: NDArray[float32, N, M], d: NDArray[float64, N, M]) -> None:
    first(m)
    first(v)  # pyright: ignore[reportArgumentType]  # wrong rank
    first(d)  # pyright: ignore[reportArgumentType]  # wrong dtype


def covariant_dtype(x: NDArray[float32, N], i: NDArray[int32, N]) -> None:
    floating(x)
    floating(i)  # pyright: ignore[reportArgumentType]


def literal_sizes(x3: NDArray[float32, Literal[3]], x4: NDArray[float32, Literal[4]]) -> None:
    three(x3)
    three(x4)  # pyright: ignore[reportArgumentType]


def variadic(x: NDArray[float32, Literal[2], Literal[5], N]) -> None:
    assert_type(batched(x), NDArray[float32, Literal[2], Literal[5]])
    anything(x)


def return_mismatch(x: NDArray[float32, N, M]) -> NDArray[float32, N, M]:
    return first(x)  # pyright: ignore[reportReturnType]


def numpy_arrays_flow_in() -> None:
    a = np.zeros((3, 4), dtype=np.float32)
    first(a)
    first(np.zeros((3, 4), dtype=np.int32))  # pyright: ignore[reportArgumentType]  # dtype
