"""Sentence embeddings by masked mean pooling of token embeddings, as sentence-transformers pools
them (the attention mask broadcast over the hidden size, counts clamped), followed by the in-batch
negatives ranking loss on cosine similarities."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
T = DimensionVar("T")
D = DimensionVar("D")


def mean_pool(token_emb: NDArray[np.float32, B, T, D], attention_mask: NDArray[np.int32, B, T]) -> NDArray[np.float32, B, D]:
    mask = attention_mask.astype(token_emb.dtype)
    summed = jnp.sum(token_emb * mask[..., None], axis=1)
    counts = jnp.clip(mask.sum(axis=1), 1e-9)  # BUG: token counts (B,) without keepdims divide (B, D)
    return summed / counts


def cosine_matrix(a: NDArray[np.float32, B, D], b: NDArray[np.float32, B, D]) -> NDArray[np.float32, B, B]:
    a = a / jnp.linalg.norm(a, axis=-1, keepdims=True)
    b = b / jnp.linalg.norm(b, axis=-1, keepdims=True)
    return a @ b.T


def ranking_loss(anchors: NDArray[np.float32, B, D], positives: NDArray[np.float32, B, D], scale: float = 20.0) -> jax.Array:
    scores = cosine_matrix(anchors, positives) * scale
    labels = jnp.arange(scores.shape[0])
    return -jnp.mean(jax.nn.log_softmax(scores, axis=-1)[labels, labels])


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(29))
    tokens = jax.random.normal(k1, (5, 12, 16))
    lengths = jnp.array([12, 7, 3, 9, 1])
    attention_mask = (jnp.arange(12)[None, :] < lengths[:, None]).astype(jnp.int32)
    pooled = mean_pool(tokens, attention_mask)
    assert pooled.shape == (5, 16)
    assert jnp.allclose(pooled[2], tokens[2, :3].mean(axis=0), atol=1e-6)
    assert jnp.allclose(pooled[4], tokens[4, 0], atol=1e-6)
    noisy = pooled + 0.1 * jax.random.normal(k2, pooled.shape)
    assert float(ranking_loss(pooled, noisy)) < float(ranking_loss(pooled, noisy[::-1]))


if __name__ == "__main__":
    main()
