"""Diagonal Gaussian policy: log-probability and entropy of actions (numpy)."""

import math

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Batch = DimensionVar("Batch")
Act = DimensionVar("Act", bound=int)


def log_prob(actions: NDArray[float64, Batch, Act], mean: NDArray[float64, Batch, Act], log_std: NDArray[float64, Act]) -> NDArray[float64, Batch]:
    z = (actions - mean) / np.exp(log_std)
    return (-0.5 * z**2 - log_std - 0.5 * math.log(2 * math.pi)).sum(axis=0)  # BUG: summed over the batch instead of the action dimensions


def entropy(log_std: NDArray[float64, Act]) -> float:
    return float((log_std + 0.5 * math.log(2 * math.pi * math.e)).sum())


def main() -> None:
    rng = np.random.default_rng(44)
    mean = rng.standard_normal((5, 2))
    log_std = np.array([-0.5, 0.1])
    actions = mean + np.exp(log_std) * rng.standard_normal((5, 2))
    print("policy", log_prob(actions, mean, log_std).shape, entropy(log_std))


if __name__ == "__main__":
    main()
