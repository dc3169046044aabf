"""Classification metrics: accuracy, confusion matrix, top-k accuracy (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Batch = DimensionVar("Batch")
Classes = DimensionVar("Classes")


def predictions(logits: NDArray[float32, Batch, Classes]) -> NDArray[int64, Batch]:
    return logits.argmax(axis=-1)


def accuracy(logits: NDArray[float32, Batch, Classes], labels: NDArray[int64, Batch]) -> float:
    return float((predictions(logits) == labels).mean())


def confusion(pred: NDArray[int64, Batch], labels: NDArray[int64, Batch], n_classes: int) -> NDArray[int64, Any, Any]:
    m = np.zeros((n_classes, n_classes), dtype=np.int64)
    np.add.at(m, (labels, pred), 1)
    return m


def top_k_accuracy(logits: NDArray[float32, Batch, Classes], labels: NDArray[int64, Batch], k: int) -> float:
    top = np.argsort(logits, axis=1)[:, -k:]
    return float((top == labels[:, None]).any(axis=1).mean())


def main() -> None:
    rng = np.random.default_rng(29)
    logits = rng.standard_normal((12, 5), dtype=np.float32)
    labels = rng.integers(0, 5, size=12)
    print("metrics", accuracy(logits, labels), confusion(predictions(logits), labels, 5).sum(), top_k_accuracy(logits, labels, 2))


if __name__ == "__main__":
    main()
