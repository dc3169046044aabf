"""jnp.where with an ndtyping mask: the result has x's shape (or y's), which the mask does not solve:
a (P, 1) mask with a (P, Any) branch is (P, Any), not the mask's (P, 1), so it can be the (P, K)
declared (held-out 4, an option's payoff `jnp.where(alive, paths[:, -1:] - strikes, 0.0)`)."""

from typing import Any, Literal

import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray, float32

P = DimensionVar("P")
K = DimensionVar("K")


def payoff(alive: NDArray[np.bool_, P, Literal[1]], last: NDArray[float32, P, Any], full: NDArray[float32, P, K]) -> None:
    r1: NDArray[float32, P, K] = jnp.where(alive, last, 0.0)
    r2: NDArray[float32, P, K] = jnp.where(alive, 0.0, last)
    r3: NDArray[float32, P, K] = jnp.where(alive, full, 0.0)
    r4: NDArray[float32, P, K] = jnp.where(alive, full, full)
    r5: NDArray[float32, K, P] = jnp.where(alive, full, 0.0)  # pyright: ignore[reportAssignmentType]
