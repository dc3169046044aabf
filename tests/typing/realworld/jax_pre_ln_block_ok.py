"""A pre-LayerNorm transformer encoder block in JAX, parameters in a dataclass registered as a
pytree and generic in the model and MLP widths: layer norm, multi-head self-attention with the
heads split by reshape, and a GELU MLP, each inside a residual connection."""

from dataclasses import dataclass
from typing import Any, Generic

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
T = DimensionVar("T")
D = DimensionVar("D")
F = DimensionVar("F")


@jax.tree_util.register_dataclass
@dataclass
class BlockParams(Generic[D, F]):
    ln1_scale: NDArray[float32, D]
    ln1_bias: NDArray[float32, D]
    w_qkv: NDArray[float32, D, Any]
    w_out: NDArray[float32, D, D]
    ln2_scale: NDArray[float32, D]
    ln2_bias: NDArray[float32, D]
    w_up: NDArray[float32, D, F]
    w_down: NDArray[float32, F, D]


def layer_norm(x: NDArray[float32, B, T, D], scale: NDArray[float32, D], bias: NDArray[float32, D], eps: float = 1e-6) -> NDArray[float32, B, T, D]:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps) * scale + bias


def self_attention(x: NDArray[float32, B, T, D], w_qkv: NDArray[float32, D, Any], w_out: NDArray[float32, D, D], n_heads: int) -> NDArray[float32, B, T, D]:
    b, t, d = x.shape
    q, k, v = jnp.split(x @ w_qkv, 3, axis=-1)
    q, k, v = (a.reshape(b, t, n_heads, d // n_heads).transpose(0, 2, 1, 3) for a in (q, k, v))
    weights = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / jnp.sqrt(d // n_heads), axis=-1)
    out = (weights @ v).transpose(0, 2, 1, 3).reshape(b, t, d)
    return out @ w_out


def encoder_block(p: BlockParams[D, F], x: NDArray[float32, B, T, D], n_heads: int) -> NDArray[float32, B, T, D]:
    x = x + self_attention(layer_norm(x, p.ln1_scale, p.ln1_bias), p.w_qkv, p.w_out, n_heads)
    h = jax.nn.gelu(layer_norm(x, p.ln2_scale, p.ln2_bias) @ p.w_up)
    return x + h @ p.w_down


def init_block(key: jax.Array, d: int, f: int) -> BlockParams[Any, Any]:
    k1, k2, k3, k4 = jax.random.split(key, 4)
    return BlockParams(
        jnp.ones(d), jnp.zeros(d), jax.random.normal(k1, (d, 3 * d)) / jnp.sqrt(d), jax.random.normal(k2, (d, d)) / jnp.sqrt(d),
        jnp.ones(d), jnp.zeros(d), jax.random.normal(k3, (d, f)) / jnp.sqrt(d), jax.random.normal(k4, (f, d)) / jnp.sqrt(f),
    )  # fmt: skip


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(9))
    p = init_block(k1, d=8, f=32)
    x = jax.random.normal(k2, (2, 5, 8))
    y = encoder_block(p, x, n_heads=2)
    assert y.shape == (2, 5, 8) and y.dtype == jnp.float32
    normed = layer_norm(x, p.ln1_scale, p.ln1_bias)
    assert jnp.allclose(normed.mean(axis=-1), 0.0, atol=1e-5)
    # permuting the tokens permutes the outputs (no positional information in the block)
    perm = jnp.array([4, 2, 0, 1, 3])
    assert jnp.allclose(encoder_block(p, x[:, perm], n_heads=2), y[:, perm], atol=1e-5)


if __name__ == "__main__":
    main()
