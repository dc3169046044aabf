"""Greedy CTC decoding of a batch of log-probability sequences: argmax, collapse repeats, drop blanks."""

import numpy as np

from ndtyping import DimensionVar, NDArray, bool_, float32, int64

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
Vocab = DimensionVar("Vocab")

BLANK = 0


def log_softmax(logits: NDArray[float32, Batch, Time, Vocab]) -> NDArray[float32, Batch, Time, Vocab]:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def keep_mask(best: NDArray[int64, Batch, Time], lengths: NDArray[int64, Batch]) -> NDArray[bool_, Batch, Time]:
    prev = np.concatenate([np.full((best.shape[0], 1), -1, dtype=best.dtype), best[:, :-1]], axis=1)
    in_range = np.arange(best.shape[1])[None, :] < lengths[:, None]
    return (best != prev) & (best != BLANK) & in_range


def greedy_decode(
    logits: NDArray[float32, Batch, Time, Vocab], lengths: NDArray[int64, Batch]
) -> tuple[list[list[int]], NDArray[float32, Batch]]:
    logp = log_softmax(logits)
    best = logp.argmax(axis=-1).astype(np.int64)
    keep = keep_mask(best, lengths)
    valid = np.arange(logits.shape[1])[None, :] < lengths[:, None]
    score: NDArray[float32, Batch] = np.where(valid, logp.max(axis=-1), 0.0).sum(axis=1)
    return [row[k].tolist() for row, k in zip(best, keep)], score


def main() -> None:
    rng = np.random.default_rng(8)
    b, t, v = 3, 12, 6
    logits = rng.standard_normal((b, t, v)).astype(np.float32)
    lengths = np.array([12, 7, 4], dtype=np.int64)
    seqs, score = greedy_decode(logits, lengths)
    assert len(seqs) == b and all(BLANK not in s for s in seqs)
    assert score.shape == (b,) and score.dtype == np.float32


if __name__ == "__main__":
    main()
