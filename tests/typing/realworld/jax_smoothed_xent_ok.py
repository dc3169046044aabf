"""Classification losses as JAX training loops write them (optax-style): per-example negative
log-likelihood by take_along_axis, label smoothing with jax.nn.one_hot, a weighted mean over the
batch, and accuracy from a comparison used as a mask."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
C = DimensionVar("C")


def smoothed_labels(labels: NDArray[np.int32, B], num_classes: int, alpha: float) -> NDArray[np.float32, B, Any]:
    return jax.nn.one_hot(labels, num_classes) * (1.0 - alpha) + alpha / num_classes


def per_example_nll(logits: NDArray[np.float32, B, C], labels: NDArray[np.int32, B]) -> NDArray[np.float32, B]:
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(log_probs, labels[:, None], axis=-1).squeeze(-1)


def smoothed_cross_entropy(logits: NDArray[np.float32, B, C], labels: NDArray[np.int32, B], alpha: float = 0.1) -> NDArray[np.float32, B]:
    targets = smoothed_labels(labels, logits.shape[-1], alpha)
    return -jnp.sum(targets * jax.nn.log_softmax(logits, axis=-1), axis=-1)


def weighted_mean(losses: NDArray[np.float32, B], weights: NDArray[np.float32, B]) -> jax.Array:
    return jnp.sum(losses * weights) / jnp.maximum(jnp.sum(weights), 1e-8)


def accuracy(logits: NDArray[np.float32, B, C], labels: NDArray[np.int32, B], mask: NDArray[np.float32, B]) -> jax.Array:
    correct = (jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32)
    return weighted_mean(correct, mask)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(13))
    labels = jax.random.randint(k1, (16,), 0, 5).astype(jnp.int32)
    logits = jax.random.normal(k2, (16, 5)) + 4.0 * jax.nn.one_hot(labels, 5)
    nll = per_example_nll(logits, labels)
    assert nll.shape == (16,)
    ref = -jnp.sum(jax.nn.one_hot(labels, 5) * jax.nn.log_softmax(logits), axis=-1)
    assert jnp.allclose(nll, ref, atol=1e-5)
    assert jnp.allclose(smoothed_cross_entropy(logits, labels, alpha=0.0), nll, atol=1e-5)
    mask = (jnp.arange(16) < 12).astype(jnp.float32)  # the last four examples are padding
    loss = weighted_mean(nll, mask)
    assert loss.shape == () and float(loss) > 0
    assert float(accuracy(logits, labels, mask)) > 0.8


if __name__ == "__main__":
    main()
