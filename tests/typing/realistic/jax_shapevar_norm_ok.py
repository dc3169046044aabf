"""Normalisation layers over the last axis for any leading shape, with ShapeVar (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, ShapeVar, float32

Lead = ShapeVar("Lead")
Feat = DimensionVar("Feat")


def layer_norm(x: NDArray[float32, *Lead, Feat], scale: NDArray[float32, Feat], eps: float = 1e-5) -> NDArray[float32, *Lead, Feat]:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps) * scale


def l2_normalise(x: NDArray[float32, *Lead, Feat]) -> NDArray[float32, *Lead, Feat]:
    return x / jnp.sqrt((x * x).sum(axis=-1, keepdims=True) + 1e-12)


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(51), (2, 3, 6))
    print("shapevar norm", layer_norm(x, jnp.ones(6)).shape, l2_normalise(x[0]).shape)


if __name__ == "__main__":
    main()
