"""k-means steps in jax: assignments with argmin, centroid update with one-hot matmul."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

N = DimensionVar("N")
K = DimensionVar("K", bound=int)
D = DimensionVar("D")


def assign(x: NDArray[float32, N, D], centroids: NDArray[float32, K, D]) -> NDArray[int32, N]:
    d2 = jnp.sum((x[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
    return jnp.argmin(d2, axis=-1)


def update(x: NDArray[float32, N, D], labels: NDArray[int32, N], centroids: NDArray[float32, K, D]) -> NDArray[float32, K, D]:
    onehot = jax.nn.one_hot(labels, centroids.shape[0])
    counts = onehot.sum(axis=0)
    return (onehot.T @ x) / jnp.maximum(counts, 1.0)[:, None]


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(41))
    x = jnp.concatenate([jax.random.normal(k1, (10, 2)), jax.random.normal(k2, (12, 2)) + 4.0])
    cents = x[jnp.array([0, 11, 5])]
    labels = assign(x, cents)
    print("jax kmeans", labels.shape, update(x, labels, cents).shape)


if __name__ == "__main__":
    main()
