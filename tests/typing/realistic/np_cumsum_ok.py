"""Running statistics over time: cumulative sums, running means, discounted returns (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

T = DimensionVar("T", bound=int)
D = DimensionVar("D")


def running_mean(x: NDArray[float64, T, D]) -> NDArray[float64, T, D]:
    counts = np.arange(1, x.shape[0] + 1)
    return np.cumsum(x, axis=0) / counts[:, None]


def discounted_returns(rewards: NDArray[float64, T], gamma: float) -> NDArray[float64, T]:
    out = np.zeros_like(rewards)
    acc = 0.0
    for t in reversed(range(rewards.shape[0])):
        acc = rewards[t] + gamma * acc
        out[t] = acc
    return out


def cumulative_max(x: NDArray[float64, T, D]) -> NDArray[float64, T, D]:
    return np.maximum.accumulate(x, axis=0)


def main() -> None:
    rng = np.random.default_rng(35)
    x = rng.standard_normal((8, 3))
    print("running", running_mean(x).shape, discounted_returns(np.ones(5), 0.9).round(2), cumulative_max(x).shape)


if __name__ == "__main__":
    main()
