"""Generalised advantage estimation over a batch of parallel environments (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Time = DimensionVar("Time", bound=int)
Env = DimensionVar("Env", bound=int)


def gae(
    rewards: NDArray[float32, Time, Env],
    values: NDArray[float32, Time, Env],
    last_value: NDArray[float32, Env],
    dones: NDArray[float32, Time, Env],
    gamma: float = 0.99,
    lam: float = 0.95,
) -> NDArray[float32, Time, Env]:
    advantages = np.zeros_like(rewards)
    next_adv = np.zeros_like(last_value)
    next_value = last_value
    for t in reversed(range(rewards.shape[0])):
        not_done = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * not_done - values[t]
        next_adv = delta + gamma * lam * not_done * next_adv
        advantages[t] = next_adv
        next_value = values[t]
    return advantages


def normalise(advantages: NDArray[float32, Time, Env]) -> NDArray[float32, Time, Env]:
    return (advantages - advantages.mean(axis=1)) / (advantages.std(axis=0) + 1e-8)  # BUG: mean over envs (axis=1, no keepdims) against a per-env std


def value_targets(advantages: NDArray[float32, Time, Env], values: NDArray[float32, Time, Env]) -> NDArray[float32, Time, Env]:
    return advantages + values


def main() -> None:
    rng = np.random.default_rng(1)
    rewards = rng.standard_normal((7, 3), dtype=np.float32)
    values = rng.standard_normal((7, 3), dtype=np.float32)
    dones = (rng.random((7, 3)) < 0.1).astype(np.float32)
    adv = gae(rewards, values, rng.standard_normal(3, dtype=np.float32), dones)
    print("gae", normalise(adv).shape, value_targets(adv, values).shape)


if __name__ == "__main__":
    main()
