"""jax's dtype objects (`jnp.float32`, `jnp.int32`, ...) solve a dtype as numpy's scalar types do:
a creation given one keeps its shape (it was a plain jax.Array: jax's stubs declare them `Any`, or
one `_ScalarType` for all), `astype` takes its dtype, and a call of one is a scalar of that dtype.
The 64-bit names stay jax's own (without x64, jax makes them 32-bit arrays)."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float16, float32, int32

N = DimensionVar("N")
D = DimensionVar("D")
E = DimensionVar("E")


def creations(ids: NDArray[int32, E], x: NDArray[float32, N]) -> None:
    grid: NDArray[float32, Literal[2], Literal[3]] = jnp.zeros((2, 3), dtype=jnp.float32)
    counts: NDArray[float32, E] = jnp.ones_like(ids, dtype=jnp.float32)
    half: NDArray[float16, N] = jnp.zeros_like(x, dtype=jnp.float16)
    cast: NDArray[float32, E] = ids.astype(jnp.float32)
    scaled: NDArray[float32, N] = jnp.float32(0.5) * x
    wrong_dtype: NDArray[int32, E] = jnp.ones_like(ids, dtype=jnp.float32)  # pyright: ignore[reportAssignmentType]
    wrong_shape: NDArray[float32, N] = jnp.ones_like(ids, dtype=jnp.float32)  # pyright: ignore[reportAssignmentType]


def token_buffer(ids: NDArray[int32, N, E]) -> NDArray[int32, N, E]:
    return jnp.zeros((ids.shape[0], ids.shape[1]), dtype=jnp.float32)  # pyright: ignore[reportReturnType]  # float32 tokens for int32 ids


def dtype_of_another_array(h: NDArray[float32, N, D], key: jax.Array) -> NDArray[float32, N, D]:
    # another array's dtype (`dtype=x.dtype`, a `np.dtype[float32]`) sets the dtype as a dtype object
    # does (before: jax's own Array, of unknown shape)
    zeros: NDArray[float32, N, D] = jnp.zeros(h.shape, dtype=h.dtype)
    ones: NDArray[float32, N] = jnp.ones((h.shape[0],), dtype=h.dtype)
    noise: NDArray[float32, N, D] = jax.random.normal(key, h.shape, dtype=h.dtype)
    wrong: NDArray[float32, D, N] = jnp.zeros(h.shape, dtype=h.dtype)  # pyright: ignore[reportAssignmentType]
    print(zeros, ones, noise, wrong)
    return jnp.zeros_like(h, dtype=h.dtype)
