"""Generalised advantage estimation with a reverse jax.lax.scan, and a PPO value loss."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Time = DimensionVar("Time")
Env = DimensionVar("Env")


def gae(
    rewards: NDArray[float32, Time, Env],
    values: NDArray[float32, Time, Env],
    last_value: NDArray[float32, Env],
    dones: NDArray[float32, Time, Env],
    gamma: float = 0.99,
    lam: float = 0.95,
) -> NDArray[float32, Time, Env]:
    next_values = jnp.concatenate([values[1:], last_value[None]], axis=0)
    deltas = rewards + gamma * next_values * (1.0 - dones) - values

    def backward(carry: jax.Array, inp: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        delta, done = inp
        adv = delta + gamma * lam * (1.0 - done) * carry
        return adv, adv

    _, advantages = jax.lax.scan(backward, jnp.zeros_like(last_value), (deltas, dones), reverse=True)
    return advantages


def value_loss(values: NDArray[float32, Time, Env], old_values: NDArray[float32, Time, Env], returns: NDArray[float32, Time, Env], clip: float = 0.2) -> jax.Array:
    clipped = old_values + jnp.clip(values - old_values, -clip, clip)
    return 0.5 * jnp.maximum((values - returns) ** 2, (clipped - returns) ** 2).mean()


def main() -> None:
    k1, k2, k3, k4 = jax.random.split(jax.random.PRNGKey(0), 4)
    rewards = jax.random.normal(k1, (8, 3))
    values = jax.random.normal(k2, (8, 3))
    dones = (jax.random.uniform(k3, (8, 3)) < 0.1).astype(jnp.float32)
    adv = gae(rewards, values, jax.random.normal(k4, (3,)), dones)
    print("gae", adv.shape, float(value_loss(values, values + 0.1, adv + values)))


if __name__ == "__main__":
    main()
