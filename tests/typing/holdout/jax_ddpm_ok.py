"""One DDPM reverse (sampling) step with a cosine noise schedule (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Steps = DimensionVar("Steps")
Batch = DimensionVar("Batch")
Height = DimensionVar("Height")
Width = DimensionVar("Width")
Channel = DimensionVar("Channel")


def cosine_alpha_bar(n_steps: int, s: float = 0.008) -> NDArray[float32, Steps]:
    t = jnp.arange(n_steps + 1, dtype=jnp.float32) / n_steps
    f = jnp.cos((t + s) / (1 + s) * jnp.pi / 2) ** 2
    return jnp.clip(f[1:] / f[0], 1e-5, 1.0)


def betas_from_alpha_bar(alpha_bar: NDArray[float32, Steps]) -> NDArray[float32, Steps]:
    prev = jnp.concatenate([jnp.ones(1), alpha_bar[:-1]])
    return jnp.clip(1 - alpha_bar / prev, 0.0, 0.999)


def reverse_step(
    xt: NDArray[float32, Batch, Height, Width, Channel],
    eps_pred: NDArray[float32, Batch, Height, Width, Channel],
    t: int,
    alpha_bar: NDArray[float32, Steps],
    betas: NDArray[float32, Steps],
    key: jax.Array,
) -> NDArray[float32, Batch, Height, Width, Channel]:
    alpha = 1.0 - betas[t]
    mean = (xt - betas[t] / jnp.sqrt(1.0 - alpha_bar[t]) * eps_pred) / jnp.sqrt(alpha)
    noise = jax.random.normal(key, xt.shape)
    return mean + jnp.sqrt(betas[t]) * noise * (t > 0)


def per_sample_noise_level(xt: NDArray[float32, Batch, Height, Width, Channel]) -> NDArray[float32, Batch]:
    return jnp.std(xt, axis=(1, 2, 3))


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(2), 3)
    alpha_bar = cosine_alpha_bar(40)
    betas = betas_from_alpha_bar(alpha_bar)
    xt = jax.random.normal(k1, (2, 5, 4, 3))
    x_prev = reverse_step(xt, jax.random.normal(k2, xt.shape), 10, alpha_bar, betas, k3)
    print("ddpm", x_prev.shape, per_sample_noise_level(x_prev).shape)


if __name__ == "__main__":
    main()
