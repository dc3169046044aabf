"""Cross-entropy with label smoothing, and the expected calibration error of the predictions."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Batch = DimensionVar("Batch")
Class = DimensionVar("Class")


def log_softmax(logits: NDArray[float32, Batch, Class]) -> NDArray[float32, Batch, Class]:
    shifted = logits - logits.max(axis=1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=1))  # BUG: keepdims forgotten: (Batch, Class) - (Batch,)


def smoothed_targets(labels: NDArray[int64, Batch], n_classes: int, smoothing: float) -> NDArray[float32, Batch, Class]:
    one_hot = np.eye(n_classes, dtype=np.float32)[labels]
    return one_hot * np.float32(1.0 - smoothing) + np.float32(smoothing / n_classes)


def smoothed_ce(logits: NDArray[float32, Batch, Class], labels: NDArray[int64, Batch], smoothing: float = 0.1) -> float:
    targets = smoothed_targets(labels, logits.shape[1], smoothing)
    return float(-(targets * log_softmax(logits)).sum(axis=1).mean())


def calibration_error(probs: NDArray[float32, Batch, Class], labels: NDArray[int64, Batch], bins: int = 5) -> float:
    confidence = probs.max(axis=1)
    correct = probs.argmax(axis=1) == labels
    edges = np.linspace(0.0, 1.0, bins + 1)
    ece = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        in_bin = (confidence > lo) & (confidence <= hi)
        if in_bin.any():
            ece += in_bin.mean() * abs(correct[in_bin].mean() - confidence[in_bin].mean())
    return float(ece)


def main() -> None:
    rng = np.random.default_rng(13)
    logits = rng.normal(size=(16, 5)).astype(np.float32)
    labels = rng.integers(0, 5, size=16)
    loss = smoothed_ce(logits, labels)
    probs = np.exp(log_softmax(logits))
    print("loss", loss, "ece", calibration_error(probs, labels))


if __name__ == "__main__":
    main()
