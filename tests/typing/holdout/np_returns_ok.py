"""Discounted returns with a discount matrix, and a REINFORCE loss with a baseline (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Episode = DimensionVar("Episode")
Time = DimensionVar("Time")
Action = DimensionVar("Action")


def discount_matrix(horizon: int, gamma: float) -> NDArray[float32, Time, Time]:
    t = np.arange(horizon)
    exponent = t[None, :] - t[:, None]
    return np.where(exponent >= 0, gamma ** np.clip(exponent, 0, None), 0.0).astype(np.float32)


def discounted_returns(rewards: NDArray[float32, Episode, Time], discounts: NDArray[float32, Time, Time]) -> NDArray[float32, Episode, Time]:
    return rewards @ discounts.T


def log_softmax(logits: NDArray[float32, Episode, Time, Action]) -> NDArray[float32, Episode, Time, Action]:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def reinforce_loss(
    logits: NDArray[float32, Episode, Time, Action], actions: NDArray[int64, Episode, Time], returns: NDArray[float32, Episode, Time]
) -> float:
    logp = log_softmax(logits)
    chosen = np.take_along_axis(logp, actions[..., None], axis=-1)[..., 0]
    baseline = returns.mean(axis=0, keepdims=True)
    return float(-((returns - baseline) * chosen).mean())


def main() -> None:
    rng = np.random.default_rng(2)
    rewards = rng.standard_normal((4, 9), dtype=np.float32)
    returns = discounted_returns(rewards, discount_matrix(9, 0.9))
    logits = rng.standard_normal((4, 9, 3), dtype=np.float32)
    actions = rng.integers(0, 3, size=(4, 9))
    print("returns", returns.shape, reinforce_loss(logits, actions, returns))


if __name__ == "__main__":
    main()
