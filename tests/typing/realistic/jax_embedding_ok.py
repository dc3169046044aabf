"""Token + position embeddings and a tied output projection (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Vocab = DimensionVar("Vocab")
Model = DimensionVar("Model")


def embed(tokens: NDArray[int32, Batch, Seq], table: NDArray[float32, Vocab, Model], pos: NDArray[float32, Seq, Model]) -> NDArray[float32, Batch, Seq, Model]:
    return jnp.take(table, tokens, axis=0) + pos


def tied_logits(h: NDArray[float32, Batch, Seq, Model], table: NDArray[float32, Vocab, Model]) -> NDArray[float32, Batch, Seq, Vocab]:
    return h @ table.T


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(44), 3)
    tokens = jax.random.randint(k1, (2, 6), 0, 20)
    table = jax.random.normal(k2, (20, 8))
    pos = jax.random.normal(k3, (6, 8))
    print("jax embed", tied_logits(embed(tokens, table, pos), table).shape)


if __name__ == "__main__":
    main()
