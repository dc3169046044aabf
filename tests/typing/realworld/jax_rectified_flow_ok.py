"""Rectified flow / flow matching in JAX: straight-line interpolation between noise and data at a
time t per example, an MLP velocity field conditioned on t, the regression loss on the velocity
x1 - x0, and Euler sampling with lax.fori_loop."""

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
D = DimensionVar("D")


class VelocityNet(NamedTuple):
    w1: jax.Array
    b1: jax.Array
    w2: jax.Array
    b2: jax.Array


def interpolate(x0: NDArray[float32, B, D], x1: NDArray[float32, B, D], t: NDArray[float32, B]) -> NDArray[float32, B, D]:
    return (1.0 - t[:, None]) * x0 + t[:, None] * x1


def velocity(p: VelocityNet, x: NDArray[float32, B, D], t: NDArray[float32, B]) -> NDArray[float32, B, D]:
    h = jax.nn.silu(jnp.concatenate([x, t[:, None]], axis=-1) @ p.w1 + p.b1)
    return h @ p.w2 + p.b2


def flow_matching_loss(p: VelocityNet, key: jax.Array, x1: NDArray[float32, B, D]) -> jax.Array:
    k_noise, k_t = jax.random.split(key)
    x0 = jax.random.normal(k_noise, x1.shape)
    t = jax.random.uniform(k_t, (x1.shape[0],))
    x_t = interpolate(x0, x1, t)
    return jnp.mean((velocity(p, x_t, t) - (x1 - x0)) ** 2)


def euler_sample(p: VelocityNet, x0: NDArray[float32, B, D], n_steps: int) -> NDArray[float32, B, D]:
    dt = 1.0 / n_steps

    def body(i: int, x: jax.Array) -> jax.Array:
        t = jnp.full((x.shape[0],), i * dt)
        return x + dt * velocity(p, x, t)

    return jax.lax.fori_loop(0, n_steps, body, x0)


def init(key: jax.Array, d: int, hidden: int) -> VelocityNet:
    k1, k2 = jax.random.split(key)
    return VelocityNet(jax.random.normal(k1, (d + 1, hidden)) * 0.3, jnp.zeros(hidden), jax.random.normal(k2, (hidden, d)) * 0.1, jnp.zeros(d))


def data(key: jax.Array, n: int) -> NDArray[float32, Any, Any]:
    centres = jnp.array([[2.0, 2.0, 0.0], [-2.0, -2.0, 0.0]])
    k1, k2 = jax.random.split(key)
    return centres[jax.random.bernoulli(k1, 0.5, (n,)).astype(jnp.int32)] + 0.2 * jax.random.normal(k2, (n, 3))


def main() -> None:
    key = jax.random.PRNGKey(26)
    p = init(key, d=3, hidden=64)
    step = jax.jit(lambda p, k, x: jax.tree_util.tree_map(lambda w, g: w - 0.2 * g, p, jax.grad(flow_matching_loss)(p, k, x)))
    first_half, second_half = jnp.split(data(key, 256), 2)
    assert first_half.shape == (128, 3)
    for k in jax.random.split(key, 300):
        p = step(p, k, first_half)
    noise = jax.random.normal(key, (64, 3))
    samples = euler_sample(p, noise, n_steps=50)
    assert samples.shape == (64, 3)

    def to_centres(x: jax.Array) -> float:
        return float(jnp.median(jnp.min(jnp.linalg.norm(x[:, None, :2] - jnp.array([[2.0, 2.0], [-2.0, -2.0]]), axis=-1), axis=-1)))

    assert to_centres(samples) < 0.5 * to_centres(noise)
    assert float(flow_matching_loss(p, key, second_half)) < 8.0


if __name__ == "__main__":
    main()
