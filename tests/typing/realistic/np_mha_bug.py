"""Multi-head self-attention with the heads split by reshape and transpose (numpy)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq", bound=int)
Model = DimensionVar("Model", bound=int)


def split_heads(x: NDArray[float32, Seq, Model], n_heads: int) -> NDArray[float32, Any, Seq, Any]:
    seq, d_model = x.shape
    return x.reshape(seq, n_heads, d_model // n_heads).transpose(1, 0, 2)


def merge_heads(x: NDArray[float32, Any, Seq, Any]) -> NDArray[float32, Seq, Any]:
    heads, seq, d_head = x.shape
    return x.transpose(1, 0, 2).reshape(seq, heads * d_head)


def softmax_last(x: NDArray[float32, Any, Seq, Seq]) -> NDArray[float32, Any, Seq, Seq]:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def self_attention(
    x: NDArray[float32, Seq, Model],
    w_q: NDArray[float32, Model, Model],
    w_k: NDArray[float32, Model, Model],
    w_v: NDArray[float32, Model, Model],
    w_o: NDArray[float32, Model, Model],
    n_heads: int,
) -> NDArray[float32, Seq, Model]:
    q = split_heads(x @ w_q, n_heads)
    k = split_heads(x @ w_k, n_heads)
    v = split_heads(x @ w_v, n_heads)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(q.shape[-1])
    heads = softmax_last(scores) @ v
    return heads @ w_o  # BUG: forgot to merge the heads before the output projection


def main() -> None:
    rng = np.random.default_rng(2)
    x = rng.standard_normal((5, 12), dtype=np.float32)
    w = [rng.standard_normal((12, 12), dtype=np.float32) / 4 for _ in range(4)]
    out = self_attention(x, w[0], w[1], w[2], w[3], n_heads=3)
    print("mha", out.shape)


if __name__ == "__main__":
    main()
