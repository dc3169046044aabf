"""Hamiltonian Monte Carlo on a Bayesian logistic regression posterior: leapfrog with lax.fori_loop,
Metropolis correction with lax.cond."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def log_posterior(w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N]) -> jax.Array:
    logits = w @ x  # BUG: operands swapped: (D,) @ (N, D) instead of x @ w
    loglik = jnp.sum(y * logits - jnp.logaddexp(0.0, logits))
    return loglik - 0.5 * jnp.sum(w**2)


def leapfrog(
    w: NDArray[float32, D], p: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N], step: float, n_steps: int
) -> tuple[NDArray[float32, D], NDArray[float32, D]]:
    grad = jax.grad(log_posterior)

    def body(_, state):
        w, p = state
        p = p + 0.5 * step * grad(w, x, y)
        w = w + step * p
        p = p + 0.5 * step * grad(w, x, y)
        return w, p

    return jax.lax.fori_loop(0, n_steps, body, (w, p))


def hmc_step(key: jax.Array, w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N]) -> NDArray[float32, D]:
    k_mom, k_acc = jax.random.split(key)
    p0 = jax.random.normal(k_mom, w.shape)
    w_new, p_new = leapfrog(w, p0, x, y, step=0.05, n_steps=10)
    h0 = -log_posterior(w, x, y) + 0.5 * jnp.sum(p0**2)
    h1 = -log_posterior(w_new, x, y) + 0.5 * jnp.sum(p_new**2)
    accept = jnp.log(jax.random.uniform(k_acc)) < h0 - h1
    return jax.lax.cond(accept, lambda: w_new, lambda: w)


def main() -> None:
    key = jax.random.PRNGKey(0)
    kx, kw, key = jax.random.split(key, 3)
    x = jax.random.normal(kx, (40, 3))
    w_true = jnp.array([1.5, -2.0, 0.5])
    y = (x @ w_true + 0.3 * jax.random.normal(kw, (40,)) > 0).astype(jnp.float32)
    w = jnp.zeros(3)
    samples = []
    for k in jax.random.split(key, 60):
        w = hmc_step(k, w, x, y)
        samples.append(w)
    mean = jnp.stack(samples[20:]).mean(axis=0)
    assert mean.shape == (3,)
    assert float(mean[0]) > 0.0 and float(mean[1]) < 0.0


if __name__ == "__main__":
    main()
