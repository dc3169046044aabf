"""A pre-norm self-attention block in numpy, fully shape-annotated (checked by pyright and at runtime).

Each function works on one sequence, `(Seq, Model)`; `attention_batch` maps it over a batch.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, check, float32

Batch = DimensionVar("Batch", bound=int)
Seq = DimensionVar("Seq", bound=int)
Query = DimensionVar("Query", bound=int)
Key = DimensionVar("Key", bound=int)
Model = DimensionVar("Model", bound=int)
Head = DimensionVar("Head", bound=int)


@check
def softmax(scores: NDArray[float32, Query, Key]) -> NDArray[float32, Query, Key]:
    """Softmax over the keys (the last axis), stabilised by the row maximum."""
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


@check
def layer_norm(
    x: NDArray[float32, Seq, Model], gain: NDArray[float32, Model], bias: NDArray[float32, Model]
) -> NDArray[float32, Seq, Model]:
    centred = x - x.mean(axis=-1, keepdims=True)
    spread = np.sqrt(x.var(axis=-1, keepdims=True) + np.float32(1e-5))
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
    return np.stack([attention_block(sequence, gain, bias, wq, wk, wv, wo) for sequence in x])


# Sizes chosen at runtime have no static name: Any axes (checked by @check where they are used).
def init(n_model: int, n_head: int, seed: int = 0) -> tuple[
    NDArray[float32, Any], NDArray[float32, Any],
    NDArray[float32, Any, Any], NDArray[float32, Any, Any], NDArray[float32, Any, Any], NDArray[float32, Any, Any],
]:  # fmt: skip
    rng = np.random.default_rng(seed)
    scale = np.float32(1.0 / math.sqrt(n_model))

    def weight(rows: int, cols: int) -> NDArray[float32, Any, Any]:
        return rng.standard_normal((rows, cols), dtype=np.float32) * scale

    gain, bias = np.ones(n_model, np.float32), np.zeros(n_model, np.float32)
    return gain, bias, weight(n_model, n_head), weight(n_model, n_head), weight(n_model, n_head), weight(n_head, n_model)


if __name__ == "__main__":
    params = init(n_model=16, n_head=8)
    tokens = np.random.default_rng(1).standard_normal((2, 5, 16), dtype=np.float32)
    print("attention_batch:", tokens.shape, "->", attention_batch(tokens, *params).shape)
