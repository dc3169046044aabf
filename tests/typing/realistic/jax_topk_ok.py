"""Top-k sampling filter and beam candidates with jax.lax.top_k and argsort (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Vocab = DimensionVar("Vocab")


def top_k_filter(logits: NDArray[float32, Batch, Vocab], k: int) -> NDArray[float32, Batch, Vocab]:
    values, _ = jax.lax.top_k(logits, k)
    threshold = values[:, -1:]
    return jnp.where(logits < threshold, -jnp.inf, logits)


def ranking(logits: NDArray[float32, Batch, Vocab]) -> NDArray[int32, Batch, Vocab]:
    return jnp.argsort(-logits, axis=-1)


def main() -> None:
    logits = jax.random.normal(jax.random.PRNGKey(38), (2, 10))
    print("top k", top_k_filter(logits, 3).shape, ranking(logits).shape)


if __name__ == "__main__":
    main()
