"""Gumbel-softmax sampling of discrete codes with the straight-through estimator, a codebook
lookup, and the KL of the code distribution to the uniform prior."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
Cat = DimensionVar("Cat")
Emb = DimensionVar("Emb")


def gumbel_noise(key: jax.Array, shape: tuple[int, ...]) -> jax.Array:
    u = jax.random.uniform(key, shape, minval=1e-6, maxval=1.0 - 1e-6)
    return -jnp.log(-jnp.log(u))


def gumbel_softmax(logits: NDArray[np.float32, Batch, Cat], noise: NDArray[np.float32, Batch, Cat], tau: float) -> NDArray[np.float32, Batch, Cat]:
    return jax.nn.softmax((logits + noise) / tau, axis=-1)


def straight_through(soft: NDArray[np.float32, Batch, Cat]) -> NDArray[np.float32, Batch, Cat]:
    hard = jax.nn.one_hot(jnp.argmax(soft, axis=-1), soft.shape[-1], dtype=soft.dtype)
    return hard + soft - jax.lax.stop_gradient(soft)


def lookup(sample: NDArray[np.float32, Batch, Cat], codebook: NDArray[np.float32, Cat, Emb]) -> NDArray[np.float32, Batch, Emb]:
    return sample @ codebook


def kl_to_uniform(logits: NDArray[np.float32, Batch, Cat]) -> NDArray[np.float32, Batch]:
    logp = logits - jax.scipy.special.logsumexp(logits, axis=-1, keepdims=True)
    return (jnp.exp(logp) * (logp + jnp.log(logits.shape[-1]))).sum(axis=-1)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(1), 3)
    batch, cat, emb = 4, 6, 3
    logits = jax.random.normal(k1, (batch, cat))
    codebook = jax.random.normal(k2, (cat, emb))
    soft = gumbel_softmax(logits, gumbel_noise(k3, (batch, cat)), tau=0.5)
    hard = straight_through(soft)
    assert jnp.allclose(hard.sum(axis=-1), 1.0, atol=1e-5)
    z = lookup(hard, codebook)
    assert z.shape == (batch, emb)
    assert (kl_to_uniform(logits) >= -1e-6).all()

    def loss(lg: jax.Array) -> jax.Array:
        return lookup(straight_through(gumbel_softmax(lg, gumbel_noise(k3, (batch, cat)), 0.5)), codebook).sum()

    assert jax.grad(loss)(logits).shape == (batch, cat)
