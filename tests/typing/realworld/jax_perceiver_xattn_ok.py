"""Perceiver-style cross-attention in JAX: a fixed array of learned latents queries a batch of
input arrays of another width, single-head, with einsum for the scores and the weighted sum, then
a latent self-attention and an average over latents for a classifier."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
C = DimensionVar("C")
L = DimensionVar("L")
D = DimensionVar("D")
K = DimensionVar("K")


def cross_attend(
    latents: NDArray[float32, L, D], inputs: NDArray[float32, B, N, C], w_q: NDArray[float32, D, K], w_k: NDArray[float32, C, K], w_v: NDArray[float32, C, D]
) -> NDArray[float32, B, L, D]:
    q = latents @ w_q
    k = inputs @ w_k
    v = inputs @ w_v
    logits = jnp.einsum("lk,bnk->bln", q, k) / jnp.sqrt(q.shape[-1])
    attn = jax.nn.softmax(logits, axis=-1)
    return latents + jnp.einsum("bln,bnd->bld", attn, v)


def latent_self_attend(z: NDArray[float32, B, L, D]) -> NDArray[float32, B, L, D]:
    logits = jnp.einsum("bld,bmd->blm", z, z) / jnp.sqrt(z.shape[-1])
    return z + jax.nn.softmax(logits, axis=-1) @ z


def classify(latents: NDArray[float32, L, D], inputs: NDArray[float32, B, N, C], w_q: NDArray[float32, D, K], w_k: NDArray[float32, C, K], w_v: NDArray[float32, C, D], w_cls: NDArray[float32, D, Any]) -> NDArray[float32, B, Any]:
    z = latent_self_attend(cross_attend(latents, inputs, w_q, w_k, w_v))
    return z.mean(axis=1) @ w_cls


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(28), 6)
    latents = jax.random.normal(keys[0], (4, 8))
    inputs = jax.random.normal(keys[1], (2, 30, 5))
    w_q, w_k, w_v = jax.random.normal(keys[2], (8, 6)), jax.random.normal(keys[3], (5, 6)), jax.random.normal(keys[4], (5, 8))
    z = cross_attend(latents, inputs, w_q, w_k, w_v)
    assert z.shape == (2, 4, 8)
    # the inputs are a set: permuting them leaves the latents unchanged
    perm = jax.random.permutation(keys[5], 30)
    assert jnp.allclose(cross_attend(latents, inputs[:, perm], w_q, w_k, w_v), z, atol=1e-5)
    logits = classify(latents, inputs, w_q, w_k, w_v, jax.random.normal(keys[5], (8, 3)))
    assert logits.shape == (2, 3)


if __name__ == "__main__":
    main()
