"""Generalised advantage estimation and cumulative rewards over an episode (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

T = DimensionVar("T")
E = DimensionVar("E")


def cumulative_rewards(rewards: NDArray[float32, T, E]) -> NDArray[float32, T, E]:
    return jnp.cumsum(rewards, axis=0)


def td_errors(rewards: NDArray[float32, T, E], values: NDArray[float32, T, E], last_value: NDArray[float32, E], gamma: float) -> NDArray[float32, T, E]:
    next_values = jnp.concatenate([values[1:], last_value[None, :]], axis=0)
    return rewards + gamma * next_values - values


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(37))
    rewards = jax.random.uniform(k1, (10, 3))
    values = jax.random.uniform(k2, (10, 3))
    print("rl", cumulative_rewards(rewards).shape, td_errors(rewards, values, jnp.zeros(3), 0.99).shape)


if __name__ == "__main__":
    main()
