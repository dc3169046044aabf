"""Dropout with explicit PRNG keys, applied inside a dense layer (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Out = DimensionVar("Out")


def dropout(key: jax.Array, x: NDArray[float32, Batch, Out], rate: float) -> NDArray[float32, Batch, Out]:
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def dense_dropout(key: jax.Array, x: NDArray[float32, Batch, In], w: NDArray[float32, In, Out], rate: float = 0.1) -> NDArray[float32, Batch, Out]:
    return dropout(key, jax.nn.relu(x @ w), rate)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(43), 3)
    x = jax.random.normal(k1, (4, 3))
    w = jax.random.normal(k2, (3, 5))
    print("jax dropout", dense_dropout(k3, x, w).shape)


if __name__ == "__main__":
    main()
