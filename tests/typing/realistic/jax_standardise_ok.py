"""Standardising features and computing z-score outliers (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32

N = DimensionVar("N")
D = DimensionVar("D")


def zscore(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    mean = jnp.mean(x, axis=0)
    std = jnp.std(x, axis=0)
    return (x - mean) / (std + 1e-8)


def outliers(x: NDArray[float32, N, D], threshold: float = 3.0) -> NDArray[bool_, N]:
    return jnp.any(jnp.abs(zscore(x)) > threshold, axis=1)


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(13), (100, 4))
    print("jax zscore", zscore(x).shape, int(outliers(x).sum()))


if __name__ == "__main__":
    main()
