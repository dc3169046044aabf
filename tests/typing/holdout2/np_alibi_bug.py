"""Multi-head cross attention with ALiBi linear position biases (decoder queries over encoder keys)."""

import math

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Head = DimensionVar("Head")
Query = DimensionVar("Query")
Key = DimensionVar("Key")
Dk = DimensionVar("Dk")
Model = DimensionVar("Model")


def alibi_slopes(n_heads: int) -> NDArray[float32, Head]:
    start = 2.0 ** (-8.0 / n_heads)
    return (start ** np.arange(1, n_heads + 1)).astype(np.float32)


def alibi_bias(slopes: NDArray[float32, Head], q_pos: NDArray[float32, Query], k_pos: NDArray[float32, Key]) -> NDArray[float32, Head, Query, Key]:
    distance = np.abs(q_pos[:, None] - k_pos[None, :])
    return -slopes[:, None, None] * distance[None, :, :]


def split_heads(x: NDArray[float32, Query, Model], n_heads: int) -> NDArray[float32, Head, Query, Dk]:
    seq, model = x.shape
    return x.reshape(seq, n_heads, model // n_heads).transpose(1, 0, 2)


def cross_attention(
    q: NDArray[float32, Head, Query, Dk],
    k: NDArray[float32, Head, Key, Dk],
    v: NDArray[float32, Head, Key, Dk],
    bias: NDArray[float32, Head, Query, Key],
) -> NDArray[float32, Head, Query, Dk]:
    scores = np.einsum("hqd,hkd->hkq", q, k) / np.float32(math.sqrt(q.shape[-1])) + bias  # BUG: einsum output transposed: (Head, Key, Query) + (Head, Query, Key)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return weights @ v


def main() -> None:
    rng = np.random.default_rng(15)
    heads, tq, tk, model = 4, 6, 9, 32
    dec = rng.normal(size=(tq, model)).astype(np.float32)
    enc = rng.normal(size=(tk, model)).astype(np.float32)
    q, k, v = split_heads(dec, heads), split_heads(enc, heads), split_heads(enc * 0.5, heads)
    # decoder positions sit on the encoder's time axis at twice the frame rate
    bias = alibi_bias(alibi_slopes(heads), np.arange(tq, dtype=np.float32) * 2, np.arange(tk, dtype=np.float32))
    out = cross_attention(q, k, v, bias)
    merged = out.transpose(1, 0, 2).reshape(tq, model)
    print("attended", merged.shape, float(np.abs(merged).mean()))


if __name__ == "__main__":
    main()
