"""Robust regression losses with unary minus and abs: Huber and pinball loss (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Out = DimensionVar("Out")


def huber(pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out], delta: float = 1.0) -> NDArray[float32, Batch, Out]:
    err = jnp.abs(pred - target)
    quadratic = 0.5 * err**2
    linear = delta * (err - 0.5 * delta)
    return jnp.where(err <= delta, quadratic, linear)


def pinball(pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out], q: float = 0.9) -> NDArray[float32, Batch]:
    diff = target - pred
    return jnp.maximum(q * diff, -(1 - q) * diff).mean(axis=-1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(34))
    p = jax.random.normal(k1, (6, 2))
    t = jax.random.normal(k2, (6, 2)) * 3
    print("robust", huber(p, t).shape, pinball(p, t).shape)


if __name__ == "__main__":
    main()
