"""A GPT-2 transformer block in plain numpy, in the style of picoGPT: layer norm, a fused qkv
projection split into heads with np.split, causal attention per head, the feed-forward network
with GELU, and the residual connections."""

import math
from typing import Any, Generic, NamedTuple

import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
D = DimensionVar("D")
In = DimensionVar("In")
Out = DimensionVar("Out")


class Linear(NamedTuple, Generic[In, Out]):
    w: NDArray[np.float32, In, Out]
    b: NDArray[np.float32, Out]


class LayerNorm(NamedTuple, Generic[D]):
    g: NDArray[np.float32, D]
    b: NDArray[np.float32, D]


def gelu(x: NDArray[np.float32, T, Any]) -> NDArray[np.float32, T, Any]:
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))


def softmax(x: NDArray[np.float32, T, T]) -> NDArray[np.float32, T, T]:
    exp_x = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return exp_x / np.sum(exp_x, axis=-1, keepdims=True)


def layer_norm(x: NDArray[np.float32, T, D], ln: LayerNorm[D], eps: float = 1e-5) -> NDArray[np.float32, T, D]:
    mean = np.mean(x, axis=-1, keepdims=True)
    variance = np.var(x, axis=-1, keepdims=True)
    return ln.g * (x - mean) / np.sqrt(variance + eps) + ln.b


def linear(x: NDArray[np.float32, T, In], p: Linear[In, Out]) -> NDArray[np.float32, T, Out]:
    return x @ p.w + p.b


def attention(q: NDArray[np.float32, T, Any], k: NDArray[np.float32, T, Any], v: NDArray[np.float32, T, Any], mask: NDArray[np.float32, T, T]) -> NDArray[np.float32, T, Any]:
    return softmax(q @ k.T / np.float32(np.sqrt(q.shape[-1])) + mask) @ v


def mha(x: NDArray[np.float32, T, D], c_attn: Linear[D, Any], c_proj: Linear[Any, D], n_head: int) -> NDArray[np.float32, T, D]:
    qkv = linear(x, c_attn)
    q, k, v = np.split(qkv, 3)  # BUG: split along the sequence axis (axis 0 by default), not the features
    heads = zip(np.split(q, n_head, axis=-1), np.split(k, n_head, axis=-1), np.split(v, n_head, axis=-1))
    causal_mask = (1 - np.tri(x.shape[0], dtype=x.dtype)) * np.float32(-1e10)
    out_heads = [attention(qh, kh, vh, causal_mask) for qh, kh, vh in heads]
    return linear(np.hstack(out_heads), c_proj)


def transformer_block(
    x: NDArray[np.float32, T, D], ln_1: LayerNorm[D], c_attn: Linear[D, Any], attn_proj: Linear[Any, D], ln_2: LayerNorm[D], c_fc: Linear[D, Any], fc_proj: Linear[Any, D], n_head: int
) -> NDArray[np.float32, T, D]:
    x = x + mha(layer_norm(x, ln_1), c_attn, attn_proj, n_head)
    return x + linear(gelu(linear(layer_norm(x, ln_2), c_fc)), fc_proj)


def main() -> None:
    rng = np.random.default_rng(26)
    n_seq, d, n_head = 7, 16, 4

    def dense(i: int, o: int) -> Linear[Any, Any]:
        return Linear((rng.normal(size=(i, o)) * 0.1).astype(np.float32), np.zeros(o, np.float32))

    ln = LayerNorm(np.ones(d, np.float32), np.zeros(d, np.float32))
    x = rng.normal(size=(n_seq, d)).astype(np.float32)
    layers = (dense(d, 3 * d), dense(d, d), ln, dense(d, 4 * d), dense(4 * d, d))
    y = transformer_block(x, ln, *layers, n_head=n_head)
    assert y.shape == (7, 16) and y.dtype == np.float32
    # causality: changing the last token does not change the outputs before it
    x2 = x.copy()
    x2[-1] += 1.0
    y2 = transformer_block(x2, ln, *layers, n_head=n_head)
    assert np.allclose(y2[:-1], y[:-1], atol=1e-6) and not np.allclose(y2[-1], y[-1])


if __name__ == "__main__":
    main()
