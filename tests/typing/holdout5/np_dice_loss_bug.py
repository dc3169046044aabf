"""Soft Dice loss for multi-class segmentation, with per-class weights."""

import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
K = DimensionVar("K")
H = DimensionVar("H")
W = DimensionVar("W")


def softmax_channels(logits: NDArray[np.float32, B, K, H, W]) -> NDArray[np.float32, B, K, H, W]:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def one_hot_masks(labels: NDArray[np.int64, B, H, W], k: int) -> NDArray[np.float32, B, K, H, W]:
    eye = np.eye(k, dtype=np.float32)
    return np.transpose(eye[labels], (0, 3, 1, 2))


def dice_per_class(
    probs: NDArray[np.float32, B, K, H, W], target: NDArray[np.float32, B, K, H, W], eps: float = 1.0
) -> NDArray[np.float32, K]:
    inter = (probs * target).sum(axis=(2, 3))
    denom = probs.sum(axis=(2, 3)) + target.sum(axis=(2, 3))
    dice: NDArray[np.float32, B, K] = (2.0 * inter + eps) / (denom + eps)
    return dice.mean(axis=1)  # BUG: averages over the classes instead of the batch


def dice_loss(dice: NDArray[np.float32, K], weights: NDArray[np.float32, K]) -> float:
    return float(1.0 - (weights * dice).sum() / weights.sum())


def main() -> None:
    rng = np.random.default_rng(2)
    logits = rng.standard_normal((3, 4, 16, 10)).astype(np.float32)
    labels = rng.integers(0, 4, size=(3, 16, 10))
    probs = softmax_channels(logits)
    target = one_hot_masks(labels, 4)
    dice = dice_per_class(probs, target)
    assert dice.shape == (4,)
    loss = dice_loss(dice, np.array([0.1, 1.0, 1.0, 2.0], dtype=np.float32))
    assert 0.0 <= loss <= 1.0


if __name__ == "__main__":
    main()
