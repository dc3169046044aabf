"""Feature standardisation fitted on training data and applied to new data (numpy)."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")


def fit(x: NDArray[float64, N, D]) -> tuple[NDArray[float64, D], NDArray[float64, D]]:
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    return mean, np.where(std > 0, std, 1.0)


def transform(x: NDArray[float64, M, D], mean: NDArray[float64, D], std: NDArray[float64, D]) -> NDArray[float64, M, D]:
    return (x - mean) / std


def main() -> None:
    rng = np.random.default_rng(15)
    train = rng.normal(3.0, 2.0, size=(50, 4))
    test = rng.normal(3.0, 2.0, size=(7, 4))
    mean, std = fit(train)
    z = transform(test, mean, std)
    print("standardise", z.shape, float(transform(train, mean, std).mean()))


if __name__ == "__main__":
    main()
