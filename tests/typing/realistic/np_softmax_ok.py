"""Numerically stable softmax and log-softmax over classes (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Classes = DimensionVar("Classes")


def softmax(logits: NDArray[float32, Batch, Classes]) -> NDArray[float32, Batch, Classes]:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=-1, keepdims=True)


def log_softmax(logits: NDArray[float32, Batch, Classes]) -> NDArray[float32, Batch, Classes]:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def entropy(logits: NDArray[float32, Batch, Classes]) -> NDArray[float32, Batch]:
    p = softmax(logits)
    return -(p * log_softmax(logits)).sum(axis=-1)


def main() -> None:
    rng = np.random.default_rng(6)
    logits = rng.standard_normal((4, 10), dtype=np.float32)
    print("softmax", softmax(logits).shape, "entropy", entropy(logits).shape)


if __name__ == "__main__":
    main()
