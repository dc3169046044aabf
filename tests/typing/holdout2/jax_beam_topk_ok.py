"""A beam-search decoding step in jax: scores over beams and vocabulary, top-k over the flattened grid."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Beam = DimensionVar("Beam")
Vocab = DimensionVar("Vocab")
Length = DimensionVar("Length")
Hidden = DimensionVar("Hidden")


def candidate_scores(scores: NDArray[float32, Beam], logits: NDArray[float32, Beam, Vocab], length_penalty: float) -> NDArray[float32, Beam, Vocab]:
    return (scores[:, None] + jax.nn.log_softmax(logits, axis=-1)) / length_penalty


def best_flat(flat_scores: NDArray[float32, Any], k: int) -> tuple[NDArray[float32, Any], NDArray[int32, Any]]:
    values, indices = jax.lax.top_k(flat_scores, k)
    return values, indices


def step(
    seqs: NDArray[int32, Beam, Length], scores: NDArray[float32, Beam], state: NDArray[float32, Beam, Hidden], out: NDArray[float32, Hidden, Vocab]
) -> tuple[jax.Array, jax.Array]:
    vocab = out.shape[1]
    total = candidate_scores(scores, state @ out, 1.0)
    values, flat = best_flat(total.reshape(-1), seqs.shape[0])
    parent, token = flat // vocab, flat % vocab
    return jnp.concatenate([seqs[parent], token[:, None]], axis=1), values


def main() -> None:
    key = jax.random.PRNGKey(3)
    beams, hidden, vocab = 3, 8, 11
    out = jax.random.normal(key, (hidden, vocab))
    seqs = jnp.zeros((beams, 1), dtype=jnp.int32)
    scores = jnp.array([0.0, -1e9, -1e9])
    for t in range(4):
        state = jnp.tanh(jax.random.normal(jax.random.fold_in(key, t), (beams, hidden)))
        seqs, scores = step(seqs, scores, state, out)
    assert seqs.shape == (beams, 5)
    print("beams", seqs, scores)


if __name__ == "__main__":
    main()
