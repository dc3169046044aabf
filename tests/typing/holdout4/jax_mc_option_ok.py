"""Monte Carlo pricing of Asian and barrier options under geometric Brownian motion, with
antithetic paths and a control variate."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Paths = DimensionVar("Paths")
Steps = DimensionVar("Steps")
Strikes = DimensionVar("Strikes")


def gbm_paths(key: jax.Array, s0: float, mu: float, vol: float, dt: float, n_paths: int, n_steps: int) -> NDArray[float32, Paths, Steps]:
    z = jax.random.normal(key, (n_paths // 2, n_steps))
    z = jnp.concatenate([z, -z], axis=0)
    log_inc = (mu - 0.5 * vol**2) * dt + vol * jnp.sqrt(dt) * z
    return s0 * jnp.exp(jnp.cumsum(log_inc, axis=1))


def asian_payoffs(paths: NDArray[float32, Paths, Steps], strikes: NDArray[float32, Strikes]) -> NDArray[float32, Paths, Strikes]:
    return jnp.maximum(paths.mean(axis=1, keepdims=True) - strikes[None, :], 0.0)


def barrier_payoffs(paths: NDArray[float32, Paths, Steps], strikes: NDArray[float32, Strikes], barrier: float) -> NDArray[float32, Paths, Strikes]:
    alive = (paths.max(axis=1) < barrier)[:, None]
    return jnp.where(alive, jnp.maximum(paths[:, -1:] - strikes, 0.0), 0.0)


def price(payoffs: NDArray[float32, Paths, Strikes], control: NDArray[float32, Paths], control_mean: float, discount: float) -> NDArray[float32, Strikes]:
    c = control - control.mean()
    beta = (c[:, None] * (payoffs - payoffs.mean(axis=0))).mean(axis=0) / (c**2).mean()
    adjusted = payoffs - beta[None, :] * (control - control_mean)[:, None]
    return discount * adjusted.mean(axis=0)


def main() -> None:
    s0, r, vol, t, n_steps = 100.0, 0.03, 0.25, 1.0, 50
    dt = t / n_steps
    paths = gbm_paths(jax.random.PRNGKey(6), s0, r, vol, dt, 2000, n_steps)
    strikes = jnp.array([90.0, 100.0, 110.0])
    control = paths[:, -1]
    asian = price(asian_payoffs(paths, strikes), control, s0 * float(jnp.exp(r * t)), float(jnp.exp(-r * t)))
    barrier = price(barrier_payoffs(paths, strikes, 130.0), control, s0 * float(jnp.exp(r * t)), float(jnp.exp(-r * t)))
    assert asian.shape == (3,) and barrier.shape == (3,)
    assert bool(jnp.all(jnp.diff(asian) < 0)) and bool(jnp.all(barrier >= 0))


if __name__ == "__main__":
    main()
