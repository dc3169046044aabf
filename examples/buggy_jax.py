"""The JAX MLP and attention block with typical shape bugs: `ndtyping check` reports each `# BUG` line.

Nothing here is run; every bug is found by pyright from the annotations, NDArray's operators
and ndtyping's jax.numpy / jax.nn stubs.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float16, float32

Batch = DimensionVar("Batch", bound=int)
In = DimensionVar("In", bound=int)
Hidden = DimensionVar("Hidden", bound=int)
Out = DimensionVar("Out", bound=int)
Seq = DimensionVar("Seq", bound=int)
Model = DimensionVar("Model", bound=int)
Head = DimensionVar("Head", bound=int)


def dense(
    x: NDArray[float32, Batch, In], w: NDArray[float32, In, Out], b: NDArray[float32, Out]
) -> NDArray[float32, Batch, Out]:
    return x @ w.T + b  # BUG: transposed weights, (Out, In)


def gelu(x: NDArray[float32, Batch, Hidden]) -> NDArray[float32, Batch, Hidden]:
    return jax.nn.gelu(x)


def mlp(
    x: NDArray[float32, Batch, In],
    w1: NDArray[float32, In, Hidden],
    b1: NDArray[float32, Hidden],
    w2: NDArray[float32, Hidden, Out],
    b2: NDArray[float32, Out],
) -> NDArray[float32, Batch, Out]:
    h = gelu(dense(x, w1, b1))
    return dense(h, b2, w2)  # BUG: swapped arguments


def loss(prediction: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out]) -> NDArray[float32]:
    error = prediction - target
    return (error * error).mean(axis=0)  # BUG: wrong output rank, a loss per output instead of a scalar


def batch_mean(x: NDArray[float32, Batch, In]) -> NDArray[float32, In]:
    return x.mean(axis=-1)  # BUG: wrong reduction axis, averages the features


def column_totals(x: NDArray[float32, Batch, In]) -> NDArray[float32, Batch]:
    return jnp.sum(x, axis=0)  # BUG: wrong reduction axis in jnp.sum, totals per column


def attention_weights(scores: NDArray[float32, Seq, Seq]) -> NDArray[float32, Seq]:
    return jax.nn.softmax(scores, axis=-1)  # BUG: softmax keeps the shape, (Seq, Seq)


def softmax(scores: NDArray[float32, Seq, Seq]) -> NDArray[float32, Seq, Seq]:
    return jax.nn.softmax(scores, axis=-1)


def self_attention(
    x: NDArray[float32, Seq, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Seq, Model]:
    q, k, v = x @ wq, x @ wk, x @ wv
    scores = q @ k * (1.0 / math.sqrt(q.shape[-1]))  # BUG: mismatched matmul, k not transposed
    return softmax(scores) @ v @ wo


def attention_block(
    x: NDArray[float32, Seq, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Seq, Model]:
    return x + (x @ wq) @ wo.T  # BUG: transposed output projection, (Model, Head)


def attention_batch(
    x: NDArray[float32, Batch, Seq, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Batch, Seq, Model]:
    batched: Callable[..., Any] = jax.vmap(attention_block, in_axes=(0, None, None, None, None))
    first = attention_block(x, wq, wk, wv, wo)  # BUG: missing batch axis, the whole batch as one sequence
    return batched(x, wq, wk, wv, wo) + first


def half_precision(x: NDArray[float16, Batch, In], w: NDArray[float16, In, Out]) -> NDArray[float16, Batch, Out]:
    return (x @ w).astype(float32)  # BUG: dtype slip, the half-precision layer's output cast to float32
