"""Covariance, whitening matrix and the covariance of whitened data (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N", bound=int)
D = DimensionVar("D", bound=int)


def covariance(x: NDArray[float32, N, D]) -> NDArray[float32, D, D]:
    xc = x - x.mean(axis=0)
    return xc.T @ xc / (x.shape[0] - 1)


def whiten(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    evals, evecs = jnp.linalg.eigh(covariance(x))
    w = evecs / jnp.sqrt(evals + 1e-6)
    return w @ (x - x.mean(axis=0))  # BUG: matmul operands swapped


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(14), (50, 3)) * jnp.array([1.0, 3.0, 0.5])
    print("jax whiten", whiten(x).shape, covariance(whiten(x)).shape)


if __name__ == "__main__":
    main()
