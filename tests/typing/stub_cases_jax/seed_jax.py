"""The seed examples of the stubs issue, for jax.numpy."""

import jax.numpy as jnp
from typing_extensions import Unpack

from ndtyping import DimensionVar, NDArray, ShapeVar, float32

N = DimensionVar("N")
M = DimensionVar("M")
I = DimensionVar("I")
J = DimensionVar("J")
K = DimensionVar("K")
B = ShapeVar("B")


def sum_error(matrix: NDArray[float32, N, M]) -> NDArray[float32, N]:
    return jnp.sum(matrix, axis=0)  # pyright: ignore[reportReturnType]  # the result is NDArray[float32, M]


def transpose_error(matrix: NDArray[float32, N, M]) -> NDArray[float32, N, M]:
    return jnp.transpose(matrix)  # pyright: ignore[reportReturnType]  # the result is NDArray[float32, M, N]


def matmul(a: NDArray[float32, Unpack[B], I, J], b: NDArray[float32, Unpack[B], J, K]) -> NDArray[float32, Unpack[B], I, K]:
    return jnp.matmul(a, b)


def sum_ok(matrix: NDArray[float32, N, M]) -> NDArray[float32, M]:
    return jnp.sum(matrix, axis=0)
