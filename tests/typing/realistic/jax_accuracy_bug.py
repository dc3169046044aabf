"""Evaluation metrics for a jax classifier: accuracy, per-class recall, calibration gap."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Classes = DimensionVar("Classes")


def accuracy(logits: NDArray[float32, Batch, Classes], labels: NDArray[int32, Batch]) -> float:
    return float((jnp.argmax(logits, axis=0) == labels).mean())  # BUG: argmax over the batch axis


def confidence_gap(logits: NDArray[float32, Batch, Classes], labels: NDArray[int32, Batch]) -> float:
    probs = jax.nn.softmax(logits, axis=-1)
    correct = jnp.argmax(probs, axis=-1) == labels
    return float(jnp.abs(probs.max(axis=-1).mean() - correct.mean()))


def per_class_recall(logits: NDArray[float32, Batch, Classes], labels: NDArray[int32, Batch], n_classes: int) -> jax.Array:
    pred = jnp.argmax(logits, axis=-1)
    onehot = jax.nn.one_hot(labels, n_classes)
    hits = jnp.sum(onehot * (pred == labels)[:, None], axis=0)
    return hits / jnp.maximum(onehot.sum(axis=0), 1.0)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(27))
    logits = jax.random.normal(k1, (20, 4))
    labels = jax.random.randint(k2, (20,), 0, 4)
    print("jax metrics", accuracy(logits, labels), confidence_gap(logits, labels), per_class_recall(logits, labels, 4).shape)


if __name__ == "__main__":
    main()
