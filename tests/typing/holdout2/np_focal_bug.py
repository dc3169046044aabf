"""Sigmoid focal loss for dense detection, normalised by the number of positive anchors."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Anchor = DimensionVar("Anchor")
Class = DimensionVar("Class")


def sigmoid(x: NDArray[float32, Anchor, Class]) -> NDArray[float32, Anchor, Class]:
    return 1.0 / (1.0 + np.exp(-x))


def focal_terms(
    logits: NDArray[float32, Anchor, Class], targets: NDArray[float32, Anchor, Class], alpha: float = 0.25, gamma: float = 2.0
) -> NDArray[float32, Anchor, Class]:
    p = sigmoid(logits)
    ce = np.logaddexp(0, logits) - logits * targets
    p_t = p * targets + (1 - p) * (1 - targets)
    alpha_t = alpha * targets + (1 - alpha) * (1 - targets)
    return (alpha_t * (1 - p_t) ** gamma * ce).astype(np.float32)


def per_class_loss(logits: NDArray[float32, Anchor, Class], targets: NDArray[float32, Anchor, Class]) -> NDArray[float32, Class]:
    n_pos = max(float(targets.sum()), 1.0)
    return focal_terms(logits, targets).sum(axis=1) / np.float32(n_pos)  # BUG: summed over classes instead of anchors: (Anchor,), not (Class,)


def main() -> None:
    rng = np.random.default_rng(14)
    logits = rng.normal(size=(50, 4)).astype(np.float32)
    labels = rng.integers(-1, 4, size=50)
    targets = np.zeros((50, 4), dtype=np.float32)
    pos = labels >= 0
    targets[np.nonzero(pos)[0], labels[pos]] = 1.0
    losses = per_class_loss(logits, targets)
    assert losses.shape == (4,)
    print("focal per class", losses, "total", float(losses.sum()))


if __name__ == "__main__":
    main()
