"""jax.vmap over axis 0 of a one-argument NDArray function: the batch axis is added (strict)."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
Batch = DimensionVar("Batch")
L3 = Literal[3]


def norm(v: NDArray[float32, N]) -> NDArray[float32]:
    return jnp.sqrt(jnp.sum(v * v))


def outer(v: NDArray[float32, L3]) -> NDArray[float32, L3, L3]: ...


def plain(v: jax.Array) -> jax.Array:
    return v * 2


def batched(x: NDArray[float32, Batch, M], y: NDArray[float32, Batch, L3], a: jax.Array) -> None:
    norms: NDArray[float32, Batch] = jax.vmap(norm)(x)
    outers: NDArray[float32, Batch, L3, L3] = jax.vmap(outer)(y)
    wrong: NDArray[float32, M] = jax.vmap(norm)(x)  # pyright: ignore[reportAssignmentType]
    # jax arrays of unknown shape: the result has the batch axis, of unknown size
    n: tuple[int] = jax.vmap(norm)(a).shape
    # other in_axes, or functions of jax.Array, keep jax's own `vmap(fun: F) -> F`
    jax.vmap(norm, in_axes=1)(x)  # pyright: ignore[reportArgumentType]  # F: the unbatched signature
    kept: jax.Array = jax.vmap(plain)(a)
