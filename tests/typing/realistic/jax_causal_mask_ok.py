"""Causal and padding masks for batched self-attention in jax."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq", bound=int)
Dim = DimensionVar("Dim")


def attention_mask(valid: NDArray[bool_, Batch, Seq]) -> NDArray[bool_, Batch, Seq, Seq]:
    n = valid.shape[-1]
    causal = jnp.tril(jnp.ones((n, n), dtype=bool))
    return causal[None, :, :] & valid[:, None, :]


def masked_scores(scores: NDArray[float32, Batch, Seq, Seq], mask: NDArray[bool_, Batch, Seq, Seq]) -> NDArray[float32, Batch, Seq, Seq]:
    return jnp.where(mask, scores, -1e9)


def self_attention(x: NDArray[float32, Batch, Seq, Dim], valid: NDArray[bool_, Batch, Seq]) -> NDArray[float32, Batch, Seq, Dim]:
    scores = jnp.einsum("bsd,btd->bst", x, x)
    mask = attention_mask(valid)
    weights = jax.nn.softmax(masked_scores(scores, mask), axis=-1)
    return jnp.einsum("bst,btd->bsd", weights, x)


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(3), (2, 6, 4))
    lengths = jnp.array([6, 3])
    valid = jnp.arange(6)[None, :] < lengths[:, None]
    print("jax causal attention", self_attention(x, valid).shape)


if __name__ == "__main__":
    main()
