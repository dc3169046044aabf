"""Rotary embeddings on (batch, seq, heads, dim) queries and keys, interleaved-pair form (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Heads = DimensionVar("Heads")
Dim = DimensionVar("Dim")
Half = DimensionVar("Half")


def rope_freqs(positions: NDArray[float32, Seq], inv_freq: NDArray[float32, Half]) -> NDArray[float32, Seq, Half]:
    return jnp.einsum("s,f->sf", positions, inv_freq)


def apply_rotary(x: NDArray[float32, Batch, Seq, Heads, Dim], angles: NDArray[float32, Seq, Half]) -> NDArray[float32, Batch, Seq, Heads, Dim]:
    x1 = x[..., 0::2]
    x2 = x[..., 1::2]
    cos = jnp.cos(angles)[None, :, None, :]
    sin = jnp.sin(angles)[None, :, None, :]
    rotated = jnp.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)
    return rotated.reshape(x.shape)


def rotary_scores(q: NDArray[float32, Batch, Seq, Heads, Dim], k: NDArray[float32, Batch, Seq, Heads, Dim], angles: NDArray[float32, Seq, Half]) -> NDArray[float32, Batch, Heads, Seq, Seq]:
    qr = apply_rotary(q, angles)
    kr = apply_rotary(k, angles)
    return jnp.einsum("bqhd,bkhd->bhqk", qr, kr) / jnp.sqrt(q.shape[-1])


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(1))
    q = jax.random.normal(k1, (2, 6, 3, 8))
    k = jax.random.normal(k2, (2, 6, 3, 8))
    inv_freq = 1.0 / 10000 ** (jnp.arange(0, 8, 2, dtype=jnp.float32) / 8)
    angles = rope_freqs(jnp.arange(6, dtype=jnp.float32), inv_freq)
    print("rotary", rotary_scores(q, k, angles).shape)


if __name__ == "__main__":
    main()
