"""Log-likelihood of a multivariate Hawkes process with exponential kernels, by a lax.scan over events."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

K = DimensionVar("K")
E = DimensionVar("E")


def intensity_scan(
    times: NDArray[np.float32, E], marks: NDArray[np.int32, E], mu: NDArray[np.float32, K], alpha: NDArray[np.float32, K, K], beta: float
) -> NDArray[np.float32, E]:
    k = mu.shape[0]

    def step(carry: tuple[jax.Array, jax.Array], ev: tuple[jax.Array, jax.Array]) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
        state, t_prev = carry
        t, m = ev
        state = state * jnp.exp(-beta * (t - t_prev))
        lam = mu[m] + alpha[m] @ state
        state = state + beta * jax.nn.one_hot(m, k)
        return (state, t), lam

    _, lams = jax.lax.scan(step, (jnp.zeros(k), jnp.array(0.0)), (times, marks))
    return lams


def log_likelihood(times: NDArray[np.float32, E], marks: NDArray[np.int32, E], mu: NDArray[np.float32, K], alpha: NDArray[np.float32, K, K], beta: float, horizon: float) -> jax.Array:
    lams = intensity_scan(times, marks, mu, alpha, beta)
    k = mu.shape[0]
    tail = 1.0 - jnp.exp(-beta * (horizon - times))
    excitation: NDArray[np.float32, K] = (jax.nn.one_hot(marks, k) * tail[None, :]).sum(axis=0)  # BUG: the per-event tails as a row (1, E) against (E, K)
    compensator = mu.sum() * horizon + (alpha @ excitation).sum()
    return jnp.log(lams).sum() - compensator


def main() -> None:
    key = jax.random.PRNGKey(12)
    k1, k2 = jax.random.split(key)
    times = jnp.sort(jax.random.uniform(k1, (40,), maxval=10.0))
    marks = jax.random.randint(k2, (40,), 0, 3).astype(jnp.int32)
    mu = jnp.array([0.5, 0.3, 0.2])
    alpha = 0.2 * jnp.ones((3, 3))
    lams = intensity_scan(times, marks, mu, alpha, 1.5)
    assert lams.shape == (40,) and jnp.all(lams > 0)
    ll, g = jax.value_and_grad(log_likelihood, argnums=2)(times, marks, mu, alpha, 1.5, 10.0)
    assert jnp.isfinite(ll) and g.shape == (3,)


if __name__ == "__main__":
    main()
