"""The Metropolis-adjusted Langevin algorithm over many chains at once, as BlackJAX's MALA kernel
runs it: a Langevin proposal with jax.random.normal(key, x.shape), the asymmetric proposal
densities in the acceptance ratio, and a lax.scan over the steps."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

C = DimensionVar("C")
D = DimensionVar("D")

SCALES = jnp.array([1.0, 0.5, 2.0, 1.5])


def log_density(x: NDArray[float32, C, D]) -> NDArray[float32, C]:
    """An anisotropic Gaussian, one log density per chain."""
    return -0.5 * jnp.sum((x / SCALES) ** 2, axis=-1)


def grad_log_density(x: NDArray[float32, C, D]) -> NDArray[float32, C, D]:
    return jax.grad(lambda y: jnp.sum(log_density(y)))(x)


def log_proposal(x_to: NDArray[float32, C, D], x_from: NDArray[float32, C, D], grad_from: NDArray[float32, C, D], step: float) -> NDArray[float32, C]:
    mean = x_from + step * grad_from
    return -jnp.sum((x_to - mean) ** 2, axis=-1) / (4.0 * step)


def mala_step(key: jax.Array, x: NDArray[float32, C, D], step: float) -> tuple[NDArray[float32, C, D], NDArray[float32, C]]:
    k_noise, k_accept = jax.random.split(key)
    g = grad_log_density(x)
    proposal = x + step * g + jnp.sqrt(2.0 * step) * jax.random.normal(k_noise, x.shape)
    g_prop = grad_log_density(proposal)
    log_alpha = log_density(proposal) - log_density(x) + log_proposal(x, proposal, g_prop, step) - log_proposal(proposal, x, g, step)
    accept = jnp.log(jax.random.uniform(k_accept, log_alpha.shape)) < log_alpha
    return jnp.where(accept[:, None], proposal, x), accept.astype(jnp.float32)


def run_chains(key: jax.Array, x0: NDArray[float32, C, D], step: float, n_steps: int) -> tuple[jax.Array, jax.Array]:
    def body(x: jax.Array, k: jax.Array) -> tuple[jax.Array, tuple[jax.Array, jax.Array]]:
        x, accepted = mala_step(k, x, step)
        return x, (x, accepted)

    _, (samples, accepted) = jax.lax.scan(body, x0, jax.random.split(key, n_steps))
    return samples, accepted


def main() -> None:
    key = jax.random.PRNGKey(6)
    x0 = jnp.zeros((64, 4))
    samples, accepted = run_chains(key, x0, step=0.3, n_steps=400)
    assert samples.shape == (400, 64, 4) and accepted.shape == (400, 64)
    rate = float(accepted.mean())
    assert 0.3 < rate < 0.99
    std = samples[100:].reshape(-1, 4).std(axis=0)
    assert jnp.allclose(std, SCALES, rtol=0.2)


if __name__ == "__main__":
    main()
