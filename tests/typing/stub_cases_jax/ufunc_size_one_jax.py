"""A binary function with a size-1 last axis in x meeting y's size: the result has y's size, not
x's 1 (`jnp.maximum(p1, pa)` with (P, 1) and (P, Any) was typed (P, 1), and then rejected where
(P, K) was declared)."""

from typing import Any, Literal

import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

P = DimensionVar("P")
K = DimensionVar("K")


def payoff(p1: NDArray[float32, P, Literal[1]], pa: NDArray[float32, P, Any], pk: NDArray[float32, P, K]) -> None:
    r1: NDArray[float32, P, K] = jnp.maximum(p1, pa)
    r2: NDArray[float32, P, K] = jnp.minimum(p1, pk)
    r3: NDArray[float32, P, K] = jnp.add(p1, pa)
    r4: NDArray[float32, P, Literal[1]] = jnp.maximum(p1, p1)
    r5: NDArray[float32, K, P] = jnp.maximum(p1, pk)  # pyright: ignore[reportAssignmentType]
