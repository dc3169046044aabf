"""Gaussian log-likelihood with jnp.linalg.slogdet and jnp.linalg.inv (jax)."""

import math

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D", bound=int)


def gaussian_loglik(x: NDArray[float32, N, D], mean: NDArray[float32, D], cov: NDArray[float32, D, D]) -> NDArray[float32, N]:
    d = x.shape[-1]
    _, logdet = jnp.linalg.slogdet(x)  # BUG: log-determinant of the (N, D) data instead of the covariance
    prec = jnp.linalg.inv(cov)
    diff = x - mean
    maha = jnp.einsum("nd,de,ne->n", diff, prec, diff)
    return -0.5 * (maha + logdet + d * math.log(2 * math.pi))


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(47), (7, 3))
    cov = jnp.array([[1.0, 0.2, 0.0], [0.2, 2.0, 0.1], [0.0, 0.1, 0.5]])
    print("jax loglik", gaussian_loglik(x, jnp.zeros(3), cov).shape)


if __name__ == "__main__":
    main()
