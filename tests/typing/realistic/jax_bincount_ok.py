"""Class frequencies and inverse-frequency class weights for a loss (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

N = DimensionVar("N")
Classes = DimensionVar("Classes")


def class_frequencies(labels: NDArray[int32, N], n_classes: int) -> NDArray[float32, Classes]:
    counts = jnp.bincount(labels, length=n_classes)
    return counts / counts.sum()


def class_weights(freq: NDArray[float32, Classes]) -> NDArray[float32, Classes]:
    w = 1.0 / jnp.maximum(freq, 1e-3)
    return w / w.mean()


def weighted_nll(logp: NDArray[float32, N, Classes], labels: NDArray[int32, N], weights: NDArray[float32, Classes]) -> float:
    picked = jnp.take_along_axis(logp, labels[:, None], axis=1)[:, 0]
    return float(-(picked * weights[labels]).mean())


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(15))
    labels = jax.random.randint(k1, (40,), 0, 3)
    freq = class_frequencies(labels, 3)
    logp = jax.nn.log_softmax(jax.random.normal(k2, (40, 3)))
    print("jax classes", freq.shape, weighted_nll(logp, labels, class_weights(freq)))


if __name__ == "__main__":
    main()
