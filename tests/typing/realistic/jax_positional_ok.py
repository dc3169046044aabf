"""Rotary position embeddings (RoPE) applied to queries, written with jnp (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq", bound=int)
Half = DimensionVar("Half")
Dim = DimensionVar("Dim", bound=int)


def rope_angles(seq_len: int, dim: int, base: float = 10000.0) -> jax.Array:
    inv_freq = 1.0 / base ** (jnp.arange(0, dim, 2) / dim)
    return jnp.arange(seq_len)[:, None] * inv_freq[None, :]


def rotate(x: NDArray[float32, Seq, Dim], angles: NDArray[float32, Seq, Half]) -> NDArray[float32, Seq, Dim]:
    x1, x2 = x[:, ::2], x[:, 1::2]
    cos, sin = jnp.cos(angles), jnp.sin(angles)
    rotated = jnp.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)
    return rotated.reshape(x.shape)


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(42), (5, 8))
    angles = rope_angles(5, 8)
    print("rope", rotate(x, angles).shape)


if __name__ == "__main__":
    main()
