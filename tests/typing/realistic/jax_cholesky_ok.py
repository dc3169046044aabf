"""Gaussian-process posterior mean and variance with a Cholesky factorisation (jax)."""

import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_solve

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")


def rbf(a: NDArray[float32, N], b: NDArray[float32, M]) -> NDArray[float32, N, M]:
    return jnp.exp(-0.5 * (a[:, None] - b[None, :]) ** 2)


def gp_posterior(
    x: NDArray[float32, N], y: NDArray[float32, N], x_test: NDArray[float32, M], noise: float = 1e-2
) -> tuple[NDArray[float32, M], NDArray[float32, M]]:
    k = rbf(x, x) + noise * jnp.eye(x.shape[0])
    chol = jnp.linalg.cholesky(k)
    k_star = rbf(x, x_test)
    alpha = cho_solve((chol, True), y)
    mean = k_star.T @ alpha
    v = jax.scipy.linalg.solve_triangular(chol, k_star, lower=True)
    var = 1.0 - jnp.sum(v**2, axis=0)
    return mean, var


def main() -> None:
    x = jnp.linspace(-3, 3, 12)
    y = jnp.sin(x)
    mean, var = gp_posterior(x, y, jnp.linspace(-2, 2, 5))
    print("jax gp", mean.shape, var.shape)


if __name__ == "__main__":
    main()
