"""One step of beam search over a toy language model's next-token log-probabilities."""

from __future__ import annotations

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

Beam = DimensionVar("Beam")
Length = DimensionVar("Length")
Vocab = DimensionVar("Vocab")
Hidden = DimensionVar("Hidden")


def next_token_logprobs(
    state: NDArray[float64, Beam, Hidden], out_proj: NDArray[float64, Hidden, Vocab]
) -> NDArray[float64, Beam, Vocab]:
    logits = state @ out_proj
    logits = logits - logits.max(axis=-1, keepdims=True)
    return logits - np.log(np.exp(logits).sum(axis=-1, keepdims=True))


def beam_step(
    seqs: NDArray[int64, Beam, Length], scores: NDArray[float64, Beam], logprobs: NDArray[float64, Beam, Vocab]
) -> tuple[NDArray[int64, Beam, Any], NDArray[float64, Beam]]:
    n_beams, vocab = logprobs.shape
    total = scores[:, None] + logprobs
    best = np.argsort(total.reshape(-1))[::-1][:n_beams]
    parent, token = np.divmod(best, vocab)
    grown = np.concatenate([seqs[parent], token[:, None]], axis=1)
    return grown, total.reshape(-1)[best]


def main() -> None:
    rng = np.random.default_rng(3)
    beams, hidden, vocab = 4, 8, 13
    out_proj = rng.normal(size=(hidden, vocab))
    seqs = np.zeros((beams, 1), dtype=np.int64)
    scores = np.array([0.0, -np.inf, -np.inf, -np.inf])
    for _ in range(5):
        state = np.tanh(rng.normal(size=(beams, hidden)) + seqs[:, -1:] * 0.1)
        seqs, scores = beam_step(seqs, scores, next_token_logprobs(state, out_proj))
    assert seqs.shape == (beams, 6)
    assert np.all(np.diff(scores) <= 0)
    print("best", seqs[0], scores[0])


if __name__ == "__main__":
    main()
