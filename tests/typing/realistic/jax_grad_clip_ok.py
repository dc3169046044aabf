"""Clipping a linear layer's gradients by their global norm, jnp.linalg.norm (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Out = DimensionVar("Out")


def loss(w: NDArray[float32, In, Out], x: NDArray[float32, Batch, In], y: NDArray[float32, Batch, Out]) -> jax.Array:
    return jnp.mean((x @ w - y) ** 2)


def clipped_grad(
    w: NDArray[float32, In, Out], x: NDArray[float32, Batch, In], y: NDArray[float32, Batch, Out], max_norm: float = 1.0
) -> NDArray[float32, In, Out]:
    g = jax.grad(loss)(w, x, y)
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, max_norm / (norm + 1e-6))


def sgd_step(w: NDArray[float32, In, Out], x: NDArray[float32, Batch, In], y: NDArray[float32, Batch, Out], lr: float = 0.1) -> NDArray[float32, In, Out]:
    return w - lr * clipped_grad(w, x, y)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(21), 3)
    w = jax.random.normal(k1, (4, 2))
    x = jax.random.normal(k2, (16, 4))
    y = jax.random.normal(k3, (16, 2))
    print("jax clip", sgd_step(w, x, y).shape)


if __name__ == "__main__":
    main()
