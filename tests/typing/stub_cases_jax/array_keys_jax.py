"""An integer-array item in a tuple key gathers (`x[:, idx]` with idx a jax array of shape (F, W) is
(B, F, W)): the result's shape is unknown, not the shape of an int or a slice item (jax.Array has
`__index__`, so it was read as one int)."""

from typing import Any

import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
S = DimensionVar("S")
F = DimensionVar("F")
W = DimensionVar("W")


def frames(x: NDArray[float32, B, S], win: int, hop: int) -> NDArray[float32, B, Any, Any]:
    starts = jnp.arange(5) * hop
    idx = starts[:, None] + jnp.arange(win)[None, :]
    return x[:, idx]


def gathered(x: NDArray[float32, B, S], rows: NDArray[Any, F, W]) -> None:
    h = jnp.tanh(x)  # a jax result (B, S)
    idx = jnp.argmax(rows, axis=-1)  # a jax array of indices (F,)
    a: NDArray[float32, B, F] = x[:, idx]
    b: NDArray[float32, B, F] = h[:, idx]
    c: NDArray[float32, F, S] = x[idx, :]
    d: NDArray[float32, B, F, Any] = x[:, idx, None]
    e: NDArray[float32, B] = x[:, 0]  # an int still drops the axis
    e_: NDArray[float32, S] = x[:, 0]  # pyright: ignore[reportAssignmentType]
    print(a, b, c, d, e, e_)
