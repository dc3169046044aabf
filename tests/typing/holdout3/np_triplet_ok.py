"""Batch-hard triplet loss on L2-normalised embeddings: hardest positive and hardest negative per anchor."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Emb = DimensionVar("Emb")


def l2_normalise(x: NDArray[float32, Batch, Emb]) -> NDArray[float32, Batch, Emb]:
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def pairwise_sq_dist(a: NDArray[float32, Batch, Emb]) -> NDArray[float32, Batch, Batch]:
    sq = (a * a).sum(axis=1)
    d = sq[:, None] - 2.0 * a @ a.T + sq[None, :]
    return np.maximum(d, 0.0)


def batch_hard_triplet(emb: NDArray[float32, Batch, Emb], labels: NDArray[np.int64, Batch], margin: float) -> float:
    d = pairwise_sq_dist(l2_normalise(emb))
    same = labels[:, None] == labels[None, :]
    pos_mask = same & ~np.eye(len(labels), dtype=bool)
    hardest_pos = np.where(pos_mask, d, 0.0).max(axis=1)
    hardest_neg = np.where(same, np.inf, d).min(axis=1)
    losses = np.maximum(hardest_pos - hardest_neg + margin, 0.0)
    return float(losses.mean())


def fraction_active(emb: NDArray[float32, Batch, Emb], labels: NDArray[np.int64, Batch], margin: float) -> float:
    d = pairwise_sq_dist(l2_normalise(emb))
    same = labels[:, None] == labels[None, :]
    neg = np.where(same, np.inf, d).min(axis=1)
    pos = np.where(same, d, -np.inf).max(axis=1)
    return float((pos - neg + margin > 0).mean())


def main() -> None:
    rng = np.random.default_rng(2)
    batch, emb = 6, 5
    x = rng.normal(size=(batch, emb)).astype(np.float32)
    labels = np.array([0, 0, 1, 1, 2, 2])
    loss = batch_hard_triplet(x, labels, margin=0.2)
    assert loss >= 0.0
    assert 0.0 <= fraction_active(x, labels, 0.2) <= 1.0
