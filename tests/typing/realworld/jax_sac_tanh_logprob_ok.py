"""Soft actor-critic's policy side in JAX: a tanh-squashed diagonal Gaussian policy with the
change-of-variables correction to its log-probability, the actor loss against the minimum of two
critics, and the soft Bellman target for the critics."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
A = DimensionVar("A")


def sample_tanh_gaussian(key: jax.Array, mu: NDArray[float32, B, A], log_std: NDArray[float32, B, A]) -> tuple[NDArray[float32, B, A], NDArray[float32, B]]:
    std = jnp.exp(log_std)
    eps = jax.random.normal(key, mu.shape)
    action = jnp.tanh(mu + std * eps)
    log_prob = jnp.sum(-0.5 * eps**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), axis=-1)
    log_prob = log_prob - jnp.sum(jnp.log(1.0 - action**2 + 1e-6), axis=-1)
    return action, log_prob


def actor_loss(log_prob: NDArray[float32, B], q1: NDArray[float32, B], q2: NDArray[float32, B], alpha: float) -> jax.Array:
    return jnp.mean(alpha * log_prob - jnp.minimum(q1, q2))


def soft_target(
    rewards: NDArray[float32, B], dones: NDArray[float32, B], next_q1: NDArray[float32, B], next_q2: NDArray[float32, B], next_log_prob: NDArray[float32, B], alpha: float, gamma: float = 0.99
) -> NDArray[float32, B]:
    next_v = jnp.minimum(next_q1, next_q2) - alpha * next_log_prob
    return rewards + gamma * (1.0 - dones) * next_v


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(21), 3)
    mu = jax.random.normal(k1, (32, 4)) * 0.5
    log_std = jnp.full((32, 4), -1.0)
    action, log_prob = sample_tanh_gaussian(k2, mu, log_std)
    assert action.shape == (32, 4) and log_prob.shape == (32,)
    assert jnp.all(jnp.abs(action) < 1.0)
    # the squashing only ever adds density: log(1 - tanh^2) <= 0
    eps = jax.random.normal(k2, mu.shape)  # the same draw as inside sample_tanh_gaussian
    gaussian_only = jnp.sum(-0.5 * eps**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), axis=-1)
    assert jnp.all(log_prob >= gaussian_only - 1e-4)
    q1, q2 = jax.random.normal(k3, (2, 32))
    loss = actor_loss(log_prob, q1, q2, alpha=0.2)
    assert loss.shape == ()
    target = soft_target(jnp.ones(32), jnp.zeros(32), q1, q2, log_prob, alpha=0.2)
    assert target.shape == (32,)


if __name__ == "__main__":
    main()
