"""Cross-entropy from logits with integer labels and with one-hot targets (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Batch = DimensionVar("Batch", bound=int)
Classes = DimensionVar("Classes", bound=int)


def log_softmax(logits: NDArray[float32, Batch, Classes]) -> NDArray[float32, Batch, Classes]:
    z = logits - logits.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def one_hot(labels: NDArray[int64, Batch], n_classes: int) -> NDArray[float32, Batch, Any]:
    return np.eye(n_classes, dtype=np.float32)[labels]


def cross_entropy(logits: NDArray[float32, Batch, Classes], targets: NDArray[float32, Batch, Classes]) -> NDArray[float32, Batch]:
    return -(targets * log_softmax(logits)).sum(axis=-1)


def sparse_cross_entropy(logits: NDArray[float32, Batch, Classes], labels: NDArray[int64, Batch]) -> float:
    logp = log_softmax(logits)
    n = logits.shape[0]
    return float(-logp[np.arange(n), labels].mean())


def main() -> None:
    rng = np.random.default_rng(8)
    logits = rng.standard_normal((6, 4), dtype=np.float32)
    labels = rng.integers(0, 4, size=6)
    print("ce", cross_entropy(logits, one_hot(labels, 4)).shape, sparse_cross_entropy(logits, labels))


if __name__ == "__main__":
    main()
