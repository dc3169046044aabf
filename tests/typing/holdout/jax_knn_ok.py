"""Nearest neighbours with jax.lax.top_k on negated distances, and a kNN regression (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Query = DimensionVar("Query")
Ref = DimensionVar("Ref")
D = DimensionVar("D")
K = DimensionVar("K")


def pairwise_sq(q: NDArray[float32, Query, D], ref: NDArray[float32, Ref, D]) -> NDArray[float32, Query, Ref]:
    diff = q[:, None, :] - ref[None, :, :]
    return jnp.sum(diff * diff, axis=-1)


def nearest(dist: NDArray[float32, Query, Ref], k: int) -> tuple[NDArray[float32, Query, K], NDArray[int32, Query, K]]:
    neg, idx = jax.lax.top_k(-dist, k)
    return -neg, idx


def knn_regress(dist: NDArray[float32, Query, K], idx: NDArray[int32, Query, K], targets: NDArray[float32, Ref]) -> NDArray[float32, Query]:
    weights = 1.0 / (dist + 1e-6)
    weights = weights / weights.sum(axis=1, keepdims=True)
    return jnp.sum(weights * targets[idx], axis=1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(9))
    ref = jax.random.normal(k1, (20, 3))
    q = jax.random.normal(k2, (5, 3))
    dist, idx = nearest(pairwise_sq(q, ref), 4)
    print("knn", knn_regress(dist, idx, ref[:, 0]).shape)


if __name__ == "__main__":
    main()
