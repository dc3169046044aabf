"""Stein variational gradient descent: particles move along the kernelised score of a Gaussian
mixture (jax.grad under jax.vmap), with the median-heuristic bandwidth and a step-size guard
in lax.cond."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")

MEANS = jnp.array([[-2.0, 0.0, 1.0], [2.0, 1.0, -1.0]])


def log_prob(x: jax.Array) -> jax.Array:
    return jax.scipy.special.logsumexp(-0.5 * ((x[None, :] - MEANS) ** 2).sum(axis=-1))


def rbf_kernel(x: NDArray[np.float32, N, D], h: float) -> tuple[NDArray[np.float32, N, N], NDArray[np.float32, N, N, D]]:
    diff = x[:, None, :] - x[None, :, :]
    k = jnp.exp(-(diff**2).sum(axis=-1) / h)
    grad_k = -2.0 / h * diff * k[..., None]
    return k, grad_k


def median_bandwidth(x: NDArray[np.float32, N, D]) -> float:
    d2 = ((x[:, None, :] - x[None, :, :]) ** 2).sum(axis=-1)
    return float(jnp.median(d2) / jnp.log(x.shape[0] + 1.0))


def svgd_direction(x: NDArray[np.float32, N, D], h: float) -> NDArray[np.float32, N, D]:
    scores = jax.vmap(jax.grad(log_prob))(x)
    k, grad_k = rbf_kernel(x, h)
    return (k @ scores + grad_k.sum(axis=-1)) / x.shape[0]  # BUG: sums the kernel gradient over D: (N, N) added to (N, D)


def step(x: NDArray[np.float32, N, D], lr: float) -> NDArray[np.float32, N, D]:
    phi = svgd_direction(x, median_bandwidth(x))
    norm = jnp.linalg.norm(phi)
    phi = jax.lax.cond(norm > 10.0, lambda p: p * (10.0 / norm), lambda p: p, phi)
    return x + lr * phi


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(8), (20, 3))
    before = float(jax.vmap(log_prob)(x).mean())
    for _ in range(30):
        x = step(x, 0.1)
    assert x.shape == (20, 3)
    assert float(jax.vmap(log_prob)(x).mean()) > before
