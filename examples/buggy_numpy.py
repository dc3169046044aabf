"""The numpy MLP and attention block with typical shape bugs: `ndtyping check` reports each `# BUG` line.

Nothing here is run; every bug is found by pyright from the annotations alone.
"""

from __future__ import annotations

import math

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, float64

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


def relu(x: NDArray[float32, Batch, Hidden]) -> NDArray[float32, Batch, Hidden]:
    return np.maximum(x, np.float32(0.0))


def mlp(
    x: NDArray[float32, Batch, In],
    w1: NDArray[float32, In, Hidden],
    b1: NDArray[float32, Hidden],
    w2: NDArray[float32, Hidden, Out],
    b2: NDArray[float32, Out],
) -> NDArray[float32, Batch, Out]:
    h = relu(x @ w1 + b1)
    return h @ w2 + b1  # BUG: the hidden bias added to the output


def predict(
    x: NDArray[float32, Batch, In], w: NDArray[float32, In, Out], b: NDArray[float32, Out]
) -> NDArray[float32, Batch, Out]:
    return dense(x, b, w)  # BUG: swapped arguments


def mean_pool(x: NDArray[float32, Seq, Model]) -> NDArray[float32, Model]:
    return x.mean(axis=1)  # BUG: wrong reduction axis, averages over Model


def softmax(scores: NDArray[float32, Seq, Seq]) -> NDArray[float32, Seq, Seq]:
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return np.sum(e, axis=-1)  # BUG: wrong output rank, returns the normaliser


def self_attention(
    x: NDArray[float32, Seq, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Seq, Model]:
    q, k, v = x @ wq, x @ wk, x @ wv
    scores = q @ k * (1.0 / math.sqrt(q.shape[-1]))  # BUG: mismatched matmul, k not transposed
    return scores @ v @ wo


def attention_batch(
    x: NDArray[float32, Batch, Seq, Model],
    wq: NDArray[float32, Model, Head],
    wk: NDArray[float32, Model, Head],
    wv: NDArray[float32, Model, Head],
    wo: NDArray[float32, Head, Model],
) -> NDArray[float32, Batch, Seq, Model]:
    return np.stack([self_attention(x, wq, wk, wv, wo) for _ in x])  # BUG: missing batch axis, the whole batch per item


def mixed_precision(x: NDArray[float64, Batch, In], w: NDArray[float32, In, Out]) -> NDArray[float32, Batch, Out]:
    return x @ w  # BUG: dtype mix, float64 activations with float32 weights
