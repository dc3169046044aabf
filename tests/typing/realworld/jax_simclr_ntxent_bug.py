"""SimCLR's NT-Xent contrastive loss in JAX: two augmented views of a batch through a projection
head, the (2B, 2B) cosine-similarity matrix with the self-similarities masked out, and the positive
of each row at index (i + B) mod 2B."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
D = DimensionVar("D")
P = DimensionVar("P")


def projection_head(h: NDArray[float32, B, D], w1: NDArray[float32, D, Any], w2: NDArray[float32, Any, P]) -> NDArray[float32, B, P]:
    return jax.nn.relu(h @ w1) @ w2


def l2_normalize(z: NDArray[float32, B, P], eps: float = 1e-8) -> NDArray[float32, B, P]:
    return z / (jnp.linalg.norm(z, axis=-1, keepdims=True) + eps)


def nt_xent(z1: NDArray[float32, B, P], z2: NDArray[float32, B, P], temperature: float = 0.5) -> jax.Array:
    z = l2_normalize(jnp.concatenate([z1, z2], axis=0))
    n = z.shape[0]
    sim = z @ z.T / temperature
    sim = jnp.where(jnp.eye(z1.shape[0], dtype=bool), -1e9, sim)  # BUG: self-similarity mask sized B; the similarity matrix is (2B, 2B)
    positives = (jnp.arange(n) + n // 2) % n
    log_prob = jax.nn.log_softmax(sim, axis=-1)
    return -jnp.mean(log_prob[jnp.arange(n), positives])


def augment(key: jax.Array, x: NDArray[float32, B, D]) -> NDArray[float32, B, D]:
    k1, k2 = jax.random.split(key)
    keep = jax.random.bernoulli(k1, 0.9, x.shape)
    return jnp.where(keep, x, 0.0) + 0.05 * jax.random.normal(k2, x.shape)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(22), 5)
    x = jax.random.normal(keys[0], (8, 10))
    w1, w2 = jax.random.normal(keys[1], (10, 16)) * 0.3, jax.random.normal(keys[2], (16, 6)) * 0.3
    z1 = projection_head(augment(keys[3], x), w1, w2)
    z2 = projection_head(augment(keys[4], x), w1, w2)
    assert z1.shape == (8, 6)
    loss_views = nt_xent(z1, z2)
    loss_random = nt_xent(z1, jax.random.permutation(keys[3], z2))
    assert loss_views.shape == () and float(loss_views) < float(loss_random)
    assert float(nt_xent(z1, z1, temperature=0.1)) < float(loss_views)


if __name__ == "__main__":
    main()
