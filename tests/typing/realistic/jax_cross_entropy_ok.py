"""Cross-entropy with label smoothing and integer labels (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Classes = DimensionVar("Classes", bound=int)


def smooth_labels(labels: NDArray[int32, Batch], n_classes: int, smoothing: float = 0.1) -> NDArray[float32, Batch, Classes]:
    onehot = jax.nn.one_hot(labels, n_classes)
    return onehot * (1.0 - smoothing) + smoothing / n_classes


def cross_entropy(logits: NDArray[float32, Batch, Classes], targets: NDArray[float32, Batch, Classes]) -> NDArray[float32, Batch]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.sum(targets * logp, axis=-1)


def loss(logits: NDArray[float32, Batch, Classes], labels: NDArray[int32, Batch]) -> float:
    targets = smooth_labels(labels, logits.shape[-1])
    return float(jnp.mean(cross_entropy(logits, targets)))


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(7))
    logits = jax.random.normal(k1, (6, 4))
    labels = jax.random.randint(k2, (6,), 0, 4)
    print("jax ce", loss(logits, labels))


if __name__ == "__main__":
    main()
