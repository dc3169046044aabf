"""Regression losses: per-sample MSE and mean absolute error (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Out = DimensionVar("Out")


def per_sample_mse(pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out]) -> NDArray[float32, Batch]:
    return ((pred - target) ** 2).mean(axis=0)  # BUG: mean over the batch instead of the outputs


def mae(pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out]) -> float:
    return float(np.abs(pred - target).mean())


def weighted_mse(
    pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out], weights: NDArray[float32, Batch]
) -> float:
    return float((per_sample_mse(pred, target) * weights).sum() / weights.sum())


def main() -> None:
    rng = np.random.default_rng(9)
    p = rng.standard_normal((10, 2), dtype=np.float32)
    t = rng.standard_normal((10, 2), dtype=np.float32)
    w = rng.random(10, dtype=np.float32)
    print("mse", per_sample_mse(p, t).shape, mae(p, t), weighted_mse(p, t, w))


if __name__ == "__main__":
    main()
