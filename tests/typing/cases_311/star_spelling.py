"""The 3.11+ spelling: `*Shape` and `*tuple[Any, ...]` mean what `Unpack[...]` means."""

from typing import Any, Literal

from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, ShapeVar, float32

N = DimensionVar("N")
I = DimensionVar("I")
J = DimensionVar("J")
K = DimensionVar("K")
B = ShapeVar("B")


def matmul(a: NDArray[float32, *B, I, J], b: NDArray[float32, *B, J, K]) -> NDArray[float32, *B, I, K]: ...
def rows(x: NDArray[float32, *tuple[Any, ...], N]) -> NDArray[float32, N]: ...


def use(a: NDArray[float32, Literal[8], I, J], b: NDArray[float32, Literal[8], J, K]) -> None:
    assert_type(matmul(a, b), NDArray[float32, Literal[8], I, K])
    matmul(b, a)  # pyright: ignore[reportArgumentType]
    assert_type(rows(a), NDArray[float32, J])
