"""Batch normalisation over (batch, height, width) for NHWC activations, with running stats (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")


def batch_norm(x: NDArray[float32, B, H, W, C], gamma: NDArray[float32, C], beta: NDArray[float32, C]) -> NDArray[float32, B, H, W, C]:
    mean = jnp.mean(x, axis=(0, 1, 2))
    var = jnp.var(x, axis=(0, 1, 2))
    return (x - mean) / jnp.sqrt(var + 1e-5) * gamma + beta


def update_stats(running: NDArray[float32, C], x: NDArray[float32, B, H, W, C], momentum: float = 0.99) -> NDArray[float32, C]:
    return momentum * running + (1 - momentum) * jnp.mean(x, axis=(0, 1, 2))


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(48), (2, 4, 5, 3)) * 2 + 1
    y = batch_norm(x, jnp.ones(3), jnp.zeros(3))
    print("jax bn", y.shape, update_stats(jnp.zeros(3), x).shape)


if __name__ == "__main__":
    main()
