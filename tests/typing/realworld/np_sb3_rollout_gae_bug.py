"""Returns and generalised advantage estimates over a vectorised rollout buffer of (steps, envs),
after stable-baselines3's RolloutBuffer.compute_returns_and_advantage(), then the flattened,
shuffled minibatches PPO trains on."""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Generic

import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
E = DimensionVar("E")


@dataclass
class RolloutBuffer(Generic[T, E]):
    rewards: NDArray[np.float32, T, E]
    values: NDArray[np.float32, T, E]
    episode_starts: NDArray[np.float32, T, E]
    log_probs: NDArray[np.float32, T, E]


def compute_returns_and_advantage(
    buf: RolloutBuffer[T, E], last_values: NDArray[np.float32, E], dones: NDArray[np.float32, E], gamma: float = 0.99, gae_lambda: float = 0.95
) -> tuple[NDArray[np.float32, T, E], NDArray[np.float32, T, E]]:
    n_steps = buf.rewards.shape[0]
    advantages = np.zeros_like(buf.rewards)
    last_gae_lam = np.zeros_like(last_values)
    for step in reversed(range(n_steps)):
        if step == n_steps - 1:
            next_non_terminal = 1.0 - dones
            next_values = last_values
        else:
            next_non_terminal = 1.0 - buf.episode_starts[step + 1]
            next_values = buf.values[:, step + 1]  # BUG: indexes the env axis: a (T,) column where the (E,) row is meant
        delta = buf.rewards[step] + gamma * next_values * next_non_terminal - buf.values[step]
        last_gae_lam = delta + gamma * gae_lambda * next_non_terminal * last_gae_lam
        advantages[step] = last_gae_lam
    return advantages, advantages + buf.values


def minibatches(advantages: NDArray[np.float32, T, E], returns: NDArray[np.float32, T, E], batch_size: int, rng: np.random.Generator) -> Iterator[tuple[NDArray[np.float32, Any], NDArray[np.float32, Any]]]:
    flat_adv, flat_ret = advantages.reshape(-1), returns.reshape(-1)
    order = rng.permutation(flat_adv.shape[0])
    for start in range(0, order.shape[0], batch_size):
        idx = order[start : start + batch_size]
        adv = flat_adv[idx]
        yield (adv - adv.mean()) / (adv.std() + 1e-8), flat_ret[idx]


def main() -> None:
    rng = np.random.default_rng(12)
    n_steps, n_envs = 16, 4
    episode_starts = (rng.random((n_steps, n_envs)) < 0.1).astype(np.float32)
    buf = RolloutBuffer(
        rewards=np.ones((n_steps, n_envs), dtype=np.float32),
        values=np.zeros((n_steps, n_envs), dtype=np.float32),
        episode_starts=episode_starts,
        log_probs=np.full((n_steps, n_envs), -1.0, dtype=np.float32),
    )
    adv, ret = compute_returns_and_advantage(buf, np.zeros(n_envs, np.float32), np.ones(n_envs, np.float32), gamma=0.9, gae_lambda=1.0)
    assert adv.shape == (16, 4) and ret.dtype == np.float32
    assert np.allclose(adv[-1], 1.0)  # the last step ends every episode
    assert np.all(adv[:-1] >= adv[-1])
    sizes = [a.shape[0] for a, _ in minibatches(adv, ret, 24, rng)]
    assert sizes == [24, 24, 16]


if __name__ == "__main__":
    main()
