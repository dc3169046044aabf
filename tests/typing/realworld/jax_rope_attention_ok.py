"""Causal self-attention with rotary position embeddings in JAX, laid out (batch, seq, heads,
head_dim) as Llama-style JAX models lay it out: the rotation by rotate_half, the scores by einsum,
a lower-triangular mask, and the weighted sum of values."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
T = DimensionVar("T")
H = DimensionVar("H")
Dh = DimensionVar("Dh")


def rope_tables(seq_len: int, head_dim: int, theta: float = 10000.0) -> tuple[NDArray[float32, Any, Any], NDArray[float32, Any, Any]]:
    inv_freq = 1.0 / theta ** (jnp.arange(0, head_dim, 2, dtype=jnp.float32) / head_dim)
    angles = jnp.outer(jnp.arange(seq_len, dtype=jnp.float32), inv_freq)
    angles = jnp.concatenate([angles, angles], axis=-1)
    return jnp.cos(angles), jnp.sin(angles)


def rotate_half(x: NDArray[float32, B, T, H, Dh]) -> NDArray[float32, B, T, H, Dh]:
    x1, x2 = jnp.split(x, 2, axis=-1)
    return jnp.concatenate([-x2, x1], axis=-1)


def apply_rope(x: NDArray[float32, B, T, H, Dh], cos: NDArray[float32, T, Dh], sin: NDArray[float32, T, Dh]) -> NDArray[float32, B, T, H, Dh]:
    return x * cos[:, None, :] + rotate_half(x) * sin[:, None, :]


def causal_attention(q: NDArray[float32, B, T, H, Dh], k: NDArray[float32, B, T, H, Dh], v: NDArray[float32, B, T, H, Dh]) -> NDArray[float32, B, T, H, Dh]:
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
    mask = jnp.tril(jnp.ones((q.shape[1], k.shape[1]), dtype=bool))
    scores = jnp.where(mask, scores, jnp.finfo(scores.dtype).min)
    weights = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bhqk,bkhd->bqhd", weights, v)


def rope_attention(x: NDArray[float32, B, T, Any], w_qkv: NDArray[float32, Any, Any], n_heads: int) -> NDArray[float32, B, T, Any]:
    b, t, d = x.shape
    q, k, v = jnp.split(x @ w_qkv, 3, axis=-1)
    q, k, v = (a.reshape(b, t, n_heads, d // n_heads) for a in (q, k, v))
    cos, sin = rope_tables(t, d // n_heads)
    out = causal_attention(apply_rope(q, cos, sin), apply_rope(k, cos, sin), v)
    return out.reshape(b, t, d)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(5))
    x = jax.random.normal(k1, (2, 10, 12))
    w_qkv = jax.random.normal(k2, (12, 36)) * 0.2
    y = rope_attention(x, w_qkv, n_heads=3)
    assert y.shape == (2, 10, 12) and y.dtype == jnp.float32
    # causal: the first position only sees itself, so it is its own value projection
    v0 = (x[:, 0] @ w_qkv[:, 24:]).reshape(2, 12)
    assert jnp.allclose(y[:, 0], v0, atol=1e-5)
    y_prefix = rope_attention(x[:, :6], w_qkv, n_heads=3)
    assert jnp.allclose(y_prefix, y[:, :6], atol=1e-5)


if __name__ == "__main__":
    main()
