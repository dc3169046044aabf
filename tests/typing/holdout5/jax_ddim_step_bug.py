"""DDIM sampling: a deterministic (eta = 0) or stochastic update from x_t to x_prev, looped with lax.scan."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
C = DimensionVar("C")
H = DimensionVar("H")
W = DimensionVar("W")


def alpha_bar_schedule(steps: int) -> jax.Array:
    betas = jnp.linspace(1e-4, 0.02, steps)
    return jnp.cumprod(1.0 - betas)


def toy_eps_model(x: NDArray[float32, B, C, H, W], t: jax.Array) -> NDArray[float32, B, C, H, W]:
    return 0.1 * x * (1.0 + t / 1000.0)


def ddim_step(
    x_t: NDArray[float32, B, C, H, W],
    eps: NDArray[float32, B, C, H, W],
    a_t: jax.Array,
    a_prev: jax.Array,
    eta: float,
    noise: NDArray[float32, B, C, H, W],
) -> NDArray[float32, B, C, H, W]:
    x0: NDArray[float32, B, C, H, W] = (x_t - jnp.sqrt(1.0 - a_t) * eps.mean(axis=1)) / jnp.sqrt(a_t)  # BUG: channel mean without keepdims: (B, H, W)
    sigma = eta * jnp.sqrt((1.0 - a_prev) / (1.0 - a_t) * (1.0 - a_t / a_prev))
    direction = jnp.sqrt(jnp.maximum(1.0 - a_prev - sigma**2, 0.0)) * eps
    stochastic = jax.lax.cond(eta > 0.0, lambda: sigma * noise, lambda: jnp.zeros_like(noise))
    return jnp.sqrt(a_prev) * x0 + direction + stochastic


def sample(key: jax.Array, shape: tuple[int, int, int, int], timesteps: jax.Array, alpha_bar: jax.Array, eta: float) -> NDArray[float32, B, C, H, W]:
    key, sub = jax.random.split(key)
    x = jax.random.normal(sub, shape)

    def body(carry: tuple[jax.Array, jax.Array], ts: tuple[jax.Array, jax.Array]) -> tuple[tuple[jax.Array, jax.Array], None]:
        x, key = carry
        t, t_prev = ts
        key, sub = jax.random.split(key)
        eps = toy_eps_model(x, t.astype(jnp.float32))
        x = ddim_step(x, eps, alpha_bar[t], alpha_bar[t_prev], eta, jax.random.normal(sub, x.shape))
        return (x, key), None

    (x, _), _ = jax.lax.scan(body, (x, key), (timesteps[:-1], timesteps[1:]))
    return x


def main() -> None:
    alpha_bar = alpha_bar_schedule(1000)
    timesteps = jnp.arange(999, -1, -50)
    out = sample(jax.random.PRNGKey(1), (2, 3, 8, 12), timesteps, alpha_bar, eta=0.0)
    assert out.shape == (2, 3, 8, 12)
    noisy = sample(jax.random.PRNGKey(1), (2, 3, 8, 12), timesteps, alpha_bar, eta=1.0)
    assert jnp.all(jnp.isfinite(noisy))


if __name__ == "__main__":
    main()
