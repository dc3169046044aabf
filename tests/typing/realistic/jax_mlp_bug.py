"""MLP classifier head in jax: dense layers, gelu, log-probabilities."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Hidden = DimensionVar("Hidden")
Classes = DimensionVar("Classes")


def dense(x: NDArray[float32, Batch, In], w: NDArray[float32, In, Hidden], b: NDArray[float32, Hidden]) -> NDArray[float32, Batch, Hidden]:
    return jnp.dot(x, w) + b


def classifier(
    x: NDArray[float32, Batch, In],
    w1: NDArray[float32, In, Hidden],
    b1: NDArray[float32, Hidden],
    w2: NDArray[float32, Hidden, Classes],
    b2: NDArray[float32, Classes],
) -> NDArray[float32, Batch, Classes]:
    h = jax.nn.gelu(dense(x, w1, b1))
    logits = jnp.dot(w2, h) + b2  # BUG: operands of the output layer swapped
    return jax.nn.log_softmax(logits, axis=-1)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    x = jax.random.normal(k1, (8, 5))
    w1 = jax.random.normal(k2, (5, 16)) * 0.1
    w2 = jax.random.normal(k3, (16, 3)) * 0.1
    logp = classifier(x, w1, jnp.zeros(16), w2, jnp.zeros(3))
    print("jax mlp", logp.shape)


if __name__ == "__main__":
    main()
