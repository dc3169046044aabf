# case requires: jax >= 0.5 -- jax < 0.5 types every operator of jax.Array as returning jax.Array (the static layer needs jax >= 0.5)
"""jax.Array values are accepted by NDArray parameters (jax's types carry no shape or dtype)."""

import jax

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")


def matrix(x: NDArray[float32, N, M]) -> NDArray[float32, M]: ...


def use(a: jax.Array) -> None:
    matrix(a)
