"""A bootstrap particle filter written with lax.scan: propagate with jax.random noise, weight by a
linear-Gaussian observation model, estimate the mean, resample with jax.random.categorical."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")
O = DimensionVar("O")
T = DimensionVar("T")


def transition(particles: NDArray[np.float32, N, D], A: NDArray[np.float32, D, D], noise: NDArray[np.float32, N, D]) -> NDArray[np.float32, N, D]:
    return particles @ A.T + noise


def log_lik(particles: NDArray[np.float32, N, D], y: NDArray[np.float32, O], H: NDArray[np.float32, O, D], r: float) -> NDArray[np.float32, N]:
    pred = particles @ H.T
    return -0.5 * jnp.sum((pred - y) ** 2, axis=-1) / r


def run_filter(
    key: jax.Array, ys: NDArray[np.float32, T, O], A: NDArray[np.float32, D, D], H: NDArray[np.float32, O, D], q: float, r: float, n: int
) -> NDArray[np.float32, T, D]:
    d = A.shape[0]

    def step(carry: tuple[jax.Array, jax.Array], y: jax.Array) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
        particles, key = carry
        key, k1, k2 = jax.random.split(key, 3)
        particles = transition(particles, A, q * jax.random.normal(k1, particles.shape))
        lw = log_lik(particles, y, H, r)
        mean = jax.nn.softmax(lw) @ particles
        idx = jax.random.categorical(k2, lw, shape=(particles.shape[0],))
        return (particles[idx], key), mean

    key, k0 = jax.random.split(key)
    init = (jax.random.normal(k0, (n, d)), key)
    _, means = jax.lax.scan(step, init, ys)
    return means


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(6), 3)
    steps, d, o, n = 10, 3, 2, 64
    A = 0.9 * jnp.eye(d)
    H = jax.random.normal(keys[0], (o, d))
    ys = jax.random.normal(keys[1], (steps, o))
    means = run_filter(keys[2], ys, A, H, q=0.1, r=0.5, n=n)
    assert means.shape == (steps, d) and bool(jnp.isfinite(means).all())
