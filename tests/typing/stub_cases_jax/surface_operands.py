"""A jax result (`jnp.dot(x, w)`, ndtyping's jax.Array subclass) with an NDArray on either side of an
operator keeps the shape: jax's own operators take only jax's ArrayLike, so NDArray's answer."""

from typing import Any

import jax.numpy as jnp
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32

N = DimensionVar("N")
D = DimensionVar("D")
E = DimensionVar("E")


def dense(x: NDArray[float32, N, D], w: NDArray[float32, D, E], b: NDArray[float32, E]) -> NDArray[float32, N, E]:
    h = jnp.dot(x, w)
    assert_type(h + b, NDArray[float32, N, E])
    assert_type(b + h, NDArray[float32, N, E])
    assert_type(jnp.tanh(h) * b, NDArray[float32, N, E])
    assert_type(h > b, NDArray[bool_, N, E])
    assert_type(b < h, NDArray[bool_, N, E])
    return jnp.dot(x, w) + b


def dense_mismatch(x: NDArray[float32, N, D], w: NDArray[float32, D, E], wrong: NDArray[float32, D]) -> None:
    jnp.dot(x, w) + wrong  # pyright: ignore[reportOperatorIssue]  # E against D
    wrong - jnp.dot(x, w)  # pyright: ignore[reportOperatorIssue]


def same_shape(x: NDArray[float32, N, D]) -> None:
    assert_type(jnp.exp(x) - x, NDArray[float32, N, D])
    assert_type(x - jnp.exp(x), NDArray[float32, N, D])


def unknown_sizes(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    n, d = x.shape
    assert_type(n, Any)
    return jnp.zeros((n, d), dtype=jnp.float32)
