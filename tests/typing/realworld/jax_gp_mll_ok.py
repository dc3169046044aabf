"""Gaussian-process regression in JAX as tinygp and GPJax compute it: an RBF kernel with
log-parameterised hyperparameters in a NamedTuple, the negative log marginal likelihood through a
Cholesky factor, its gradient by jax.value_and_grad, and the posterior mean and variance."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_solve, solve_triangular

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")


class Hyper(NamedTuple):
    log_lengthscale: jax.Array
    log_variance: jax.Array
    log_noise: jax.Array


def rbf(x1: NDArray[float32, N, D], x2: NDArray[float32, M, D], h: Hyper) -> NDArray[float32, N, M]:
    d2 = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return jnp.exp(h.log_variance) * jnp.exp(-0.5 * d2 / jnp.exp(2 * h.log_lengthscale))


def neg_log_marginal_likelihood(h: Hyper, x: NDArray[float32, N, D], y: NDArray[float32, N]) -> jax.Array:
    K = rbf(x, x, h) + jnp.exp(h.log_noise) * jnp.eye(x.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = cho_solve((L, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L))) + 0.5 * x.shape[0] * jnp.log(2 * jnp.pi)


def posterior(h: Hyper, x: NDArray[float32, N, D], y: NDArray[float32, N], x_test: NDArray[float32, M, D]) -> tuple[NDArray[float32, M], NDArray[float32, M]]:
    K = rbf(x, x, h) + jnp.exp(h.log_noise) * jnp.eye(x.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = cho_solve((L, True), y)
    K_s = rbf(x_test, x, h)
    mean = K_s @ alpha
    v = solve_triangular(L, K_s.T, lower=True)
    var = jnp.exp(h.log_variance) - jnp.sum(v**2, axis=0)
    return mean, var


def fit(h: Hyper, x: NDArray[float32, N, D], y: NDArray[float32, N], steps: int = 200, lr: float = 0.05) -> tuple[Hyper, list[float]]:
    value_and_grad = jax.jit(jax.value_and_grad(neg_log_marginal_likelihood))
    history = []
    for _ in range(steps):
        value, grads = value_and_grad(h, x, y)
        h = jax.tree_util.tree_map(lambda p, g: p - lr * g, h, grads)
        history.append(float(value))
    return h, history


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(19))
    x = jax.random.uniform(k1, (30, 1), minval=-3.0, maxval=3.0)
    y = jnp.sin(2.0 * x[:, 0]) + 0.1 * jax.random.normal(k2, (30,))
    h0 = Hyper(jnp.array(0.0), jnp.array(0.0), jnp.array(-1.0))
    h, history = fit(h0, x, y)
    assert history[-1] < history[0]
    x_test = jnp.linspace(-2.5, 2.5, 11)[:, None]
    mean, var = posterior(h, x, y, x_test)
    assert mean.shape == (11,) and var.shape == (11,)
    assert float(jnp.max(jnp.abs(mean - jnp.sin(2.0 * x_test[:, 0])))) < 0.3
    assert jnp.all(var > -1e-4)


if __name__ == "__main__":
    main()
