"""Log-likelihood and posterior of a full-covariance Gaussian mixture (jax, jax.scipy)."""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
K = DimensionVar("K")
D = DimensionVar("D")


def component_log_pdf(x: NDArray[float32, N, D], means: NDArray[float32, K, D], chol: NDArray[float32, K, D, D]) -> NDArray[float32, N, K]:
    diff = x[:, None, :] - means[None, :, :]
    sol = jax.vmap(lambda L, d: jax.scipy.linalg.solve_triangular(L, d.T, lower=True).T, in_axes=(0, 1), out_axes=1)(chol, diff)
    maha = jnp.sum(sol**2, axis=-1)
    log_det = 2 * jnp.sum(jnp.log(jnp.diagonal(chol, axis1=-2, axis2=-1)), axis=-1)
    return -0.5 * (maha + log_det + x.shape[1] * jnp.log(2 * jnp.pi))


def log_likelihood(log_pdf: NDArray[float32, N, K], log_weights: NDArray[float32, K]) -> NDArray[float32, N]:
    return logsumexp(log_pdf + log_weights, axis=1)


def posterior(log_pdf: NDArray[float32, N, K], log_weights: NDArray[float32, K]) -> NDArray[float32, N, K]:
    joint = log_pdf + log_weights
    return jnp.exp(joint - logsumexp(joint, axis=1))  # BUG: forgot keepdims: (N, K) - (N,)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(8))
    x = jax.random.normal(k1, (12, 2))
    means = jax.random.normal(k2, (3, 2))
    chol = jnp.tile(jnp.eye(2), (3, 1, 1))
    log_pdf = component_log_pdf(x, means, chol)
    log_w = jnp.log(jnp.full(3, 1 / 3))
    print("gmm", log_likelihood(log_pdf, log_w).shape, posterior(log_pdf, log_w).shape)


if __name__ == "__main__":
    main()
