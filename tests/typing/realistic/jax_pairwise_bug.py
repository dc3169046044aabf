"""Nearest-neighbour retrieval with cosine similarity and squared distances (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Q = DimensionVar("Q")
N = DimensionVar("N")
D = DimensionVar("D")


def sq_dists(queries: NDArray[float32, Q, D], keys: NDArray[float32, N, D]) -> NDArray[float32, Q, N]:
    return jnp.sum((queries[:, None, :] - keys[None, :, :]) ** 2, axis=-1)


def cosine(queries: NDArray[float32, Q, D], keys: NDArray[float32, N, D]) -> NDArray[float32, Q, N]:
    qn = queries / jnp.linalg.norm(queries, axis=-1, keepdims=True)
    kn = keys / jnp.linalg.norm(keys, axis=-1, keepdims=True)
    return qn.T @ kn  # BUG: transposed the wrong operand


def nearest(queries: NDArray[float32, Q, D], keys: NDArray[float32, N, D]) -> NDArray[int32, Q]:
    return jnp.argmin(sq_dists(queries, keys), axis=1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(25))
    qs = jax.random.normal(k1, (3, 4))
    ks = jax.random.normal(k2, (9, 4))
    print("jax nn", sq_dists(qs, ks).shape, cosine(qs, ks).shape, nearest(qs, ks).shape)


if __name__ == "__main__":
    main()
