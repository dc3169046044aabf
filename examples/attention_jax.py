"""A pre-norm self-attention block in JAX, fully shape-annotated, batched with `jax.vmap`.

Each function works on one sequence, `(Seq, Model)`. `jax.vmap` maps it over a batch; `@check`
then checks every call at trace time with the per-sequence shapes, as the annotations say.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, check, float32

Batch = DimensionVar("Batch", bound=int)
Seq = DimensionVar("Seq", bound=int)
Query = DimensionVar("Query", bound=int)
Key = DimensionVar("Key", bound=int)
Model = DimensionVar("Model", bound=int)
Head = DimensionVar("Head", bound=int)


@check
def softmax(scores: NDArray[float32, Query, Key]) -> NDArray[float32, Query, Key]:
    return jax.nn.softmax(scores, axis=-1)


@check
def layer_norm(
    x: NDArray[float32, Seq, Model], gain: NDArray[float32, Model], bias: NDArray[float32, Model]
) -> NDArray[float32, Seq, Model]:
    centred = x - x.mean(axis=-1, keepdims=True)
    spread = jnp.sqrt(x.var(axis=-1, keepdims=True) + 1e-5)
    return centred / spread * gain + bias


@check
def self_attention(
    x: NDArray[float32, Seq, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Seq, Model]:
    q, k, v = x @ wq, x @ wk, x @ wv
    scores = q @ k.T * (1.0 / math.sqrt(q.shape[-1]))
    return softmax(scores) @ v @ wo


@check
def attention_block(
    x: NDArray[float32, Seq, Model],
    gain: NDArray[float32, Model],
    bias: NDArray[float32, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Seq, Model]:
    """x + attention(layer_norm(x)): the residual keeps the shape."""
    return x + self_attention(layer_norm(x, gain, bias), wq, wk, wv, wo)


def attention_batch(
    x: NDArray[float32, Batch, Seq, Model],
    gain: NDArray[float32, Model],
    bias: NDArray[float32, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Batch, Seq, Model]:
    # vmap adds an axis that attention_block's type cannot show: the mapped function is untyped
    batched: Callable[..., Any] = jax.vmap(attention_block, in_axes=(0, None, None, None, None, None, None))
    return batched(x, gain, bias, wq, wk, wv, wo)


forward = jax.jit(attention_batch)


def init(n_model: int, n_head: int, seed: int = 0) -> tuple[jax.Array, ...]:
    keys = jax.random.split(jax.random.PRNGKey(seed), 4)
    shapes = [(n_model, n_head)] * 3 + [(n_head, n_model)]
    weights = [jax.random.normal(key, shape, jnp.float32) / math.sqrt(shape[0]) for key, shape in zip(keys, shapes)]
    return (jnp.ones(n_model, jnp.float32), jnp.zeros(n_model, jnp.float32), *weights)


if __name__ == "__main__":
    params = init(n_model=16, n_head=8)
    tokens = jax.random.normal(jax.random.PRNGKey(1), (2, 5, 16), jnp.float32)
    print("attention_batch:", tokens.shape, "->", forward(tokens, *params).shape)
