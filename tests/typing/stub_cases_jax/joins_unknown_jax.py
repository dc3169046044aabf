"""Joins of arrays of unknown rank (a jax.Array, an Any) have an unknown shape: matched gradually to
a join pattern, `jnp.concatenate([first[None], rest])` was given rank 2 (held-out corpus 2, a
Viterbi trace back from lax.scan), and a correct `-> NDArray[int32, Time]` was rejected.
Results are jax arrays, so each is checked by assigning it to arrays of several ranks."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Time = DimensionVar("Time")
N = DimensionVar("N")


def trace_back(first: jax.Array, rest: Any) -> NDArray[int32, Time]:
    return jnp.concatenate([first[None], rest]).astype(jnp.int32)


def unknown_joins(a: jax.Array, b: jax.Array, x: NDArray[float32, N]) -> None:
    r1: NDArray[float32, N] = jnp.concatenate([a, b])
    r3: NDArray[float32, N, N, N] = jnp.concatenate([a, b])
    s1: NDArray[float32, N] = jnp.stack([a, b])
    s3: NDArray[float32, N, N, N] = jnp.stack([a, b])
    v3: NDArray[float32, N, N, N] = jnp.vstack([a, b])
    h3: NDArray[float32, N, N, N] = jnp.hstack([a, b])
    # arrays of known rank keep their rules
    k1: NDArray[float32, Any] = jnp.concatenate([x, x])
    k2: NDArray[float32, Any, N] = jnp.stack([x, x])
    k3: NDArray[float32, N] = jnp.stack([x, x])  # pyright: ignore[reportAssignmentType]
