"""Generalised advantage estimation with a reverse lax.scan over a (time, envs) rollout, as
JAX RL libraries (PureJaxRL, rlax) compute it, then PPO's clipped policy and value losses on the
normalised advantages."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

T = DimensionVar("T")
E = DimensionVar("E")


def gae_advantages(
    rewards: NDArray[float32, T, E], values: NDArray[float32, T, E], dones: NDArray[float32, T, E], last_value: NDArray[float32, E], gamma: float = 0.99, lam: float = 0.95
) -> tuple[NDArray[float32, T, E], NDArray[float32, T, E]]:
    next_values = jnp.concatenate([values[1:], last_value[None, :]], axis=1)  # BUG: bootstrap value appended along the env axis instead of time
    not_done = 1.0 - dones
    deltas = rewards + gamma * next_values * not_done - values

    def step(gae: jax.Array, xs: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        delta, nd = xs
        gae = delta + gamma * lam * nd * gae
        return gae, gae

    _, advantages = jax.lax.scan(step, jnp.zeros_like(last_value), (deltas, not_done), reverse=True)
    return advantages, advantages + values


def ppo_losses(
    log_prob: NDArray[float32, T, E], old_log_prob: NDArray[float32, T, E], advantages: NDArray[float32, T, E], value: NDArray[float32, T, E], returns: NDArray[float32, T, E], clip_eps: float = 0.2
) -> tuple[jax.Array, jax.Array]:
    adv = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    ratio = jnp.exp(log_prob - old_log_prob)
    policy_loss = -jnp.mean(jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - clip_eps, 1 + clip_eps) * adv))
    value_loss = 0.5 * jnp.mean((value - returns) ** 2)
    return policy_loss, value_loss


def main() -> None:
    n_steps, n_envs = 12, 5
    rewards = jnp.ones((n_steps, n_envs))
    values = jnp.zeros((n_steps, n_envs))
    dones = jnp.zeros((n_steps, n_envs)).at[5].set(1.0)
    adv, ret = gae_advantages(rewards, values, dones, jnp.zeros(n_envs), gamma=0.9, lam=1.0)
    assert adv.shape == (12, 5) and ret.shape == (12, 5)
    # the episode ends at step 5: its advantage is just its reward
    assert jnp.allclose(adv[5], 1.0)
    assert jnp.allclose(adv[4], 1.0 + 0.9)
    key = jax.random.PRNGKey(2)
    log_prob = jax.random.normal(key, (n_steps, n_envs)) * 0.1
    pl, vl = ppo_losses(log_prob, jnp.zeros_like(log_prob), adv, values, ret)
    assert pl.shape == () and float(vl) > 0


if __name__ == "__main__":
    main()
