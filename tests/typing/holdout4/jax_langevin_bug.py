"""Stochastic gradient Langevin dynamics for a linear-Gaussian model with minibatches (jax.grad, lax.scan)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")
S = DimensionVar("S")


def log_lik(theta: NDArray[float32, D], x: NDArray[float32, M, D], y: NDArray[float32, M], noise: float) -> jax.Array:
    resid = y - x @ theta
    return -0.5 * jnp.sum(resid**2) / noise**2


def log_prior(theta: NDArray[float32, D]) -> jax.Array:
    return -0.5 * jnp.sum(theta**2)


def sgld_chain(
    key: jax.Array, x: NDArray[float32, N, D], y: NDArray[float32, N], n_steps: int, batch: int, lr: float
) -> NDArray[float32, S, D]:
    n = x.shape[0]
    grad_lik = jax.grad(log_lik)
    grad_prior = jax.grad(log_prior)

    def body(theta, k):
        k_idx, k_noise = jax.random.split(k)
        idx = jax.random.choice(k_idx, n, (batch,), replace=False)
        g = grad_prior(theta) + (n / batch) * grad_lik(theta, x[idx], y[idx], 0.5)
        theta = theta + 0.5 * lr * g + jnp.sqrt(lr) * jax.random.normal(k_noise, theta.shape)
        return theta, theta

    _, samples = jax.lax.scan(body, jnp.zeros(x.shape[1]), jax.random.split(key, n_steps))
    return samples


def posterior_mean(samples: NDArray[float32, S, D], burn_in: int) -> NDArray[float32, D]:
    return samples[burn_in:].mean(axis=1)  # BUG: averaged over the parameters, not the samples: (S,) instead of (D,)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(8), 3)
    x = jax.random.normal(k1, (200, 3))
    theta_true = jnp.array([1.0, -0.5, 2.0])
    y = x @ theta_true + 0.5 * jax.random.normal(k2, (200,))
    samples = sgld_chain(k3, x, y, n_steps=400, batch=20, lr=1e-3)
    assert samples.shape == (400, 3)
    assert float(jnp.abs(posterior_mean(samples, 100) - theta_true).max()) < 0.3


if __name__ == "__main__":
    main()
