"""Scaled dot-product attention in jax for one sequence."""

import math

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Query = DimensionVar("Query", bound=int)
Key = DimensionVar("Key", bound=int)
Dk = DimensionVar("Dk", bound=int)
Dv = DimensionVar("Dv", bound=int)


def attention(
    q: NDArray[float32, Query, Dk], k: NDArray[float32, Key, Dk], v: NDArray[float32, Key, Dv]
) -> NDArray[float32, Query, Dv]:
    scores = jnp.matmul(q, k.T) / math.sqrt(q.shape[-1])
    weights = jax.nn.softmax(scores, axis=-1)
    return jnp.matmul(weights, v)


def main() -> None:
    kq, kk, kv = jax.random.split(jax.random.PRNGKey(1), 3)
    q = jax.random.normal(kq, (4, 8))
    k = jax.random.normal(kk, (6, 8))
    v = jax.random.normal(kv, (6, 3))
    print("jax attention", attention(q, k, v).shape)


if __name__ == "__main__":
    main()
