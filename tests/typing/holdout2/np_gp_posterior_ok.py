"""Gaussian-process regression with an RBF kernel: posterior mean and variance via Cholesky."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Train = DimensionVar("Train")
Test = DimensionVar("Test")
Feat = DimensionVar("Feat")


def rbf(a: NDArray[float64, Train, Feat], b: NDArray[float64, Test, Feat], length: float, amp: float) -> NDArray[float64, Train, Test]:
    sq = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=-1)
    return amp**2 * np.exp(-0.5 * sq / length**2)


def posterior(
    x: NDArray[float64, Train, Feat],
    y: NDArray[float64, Train],
    x_new: NDArray[float64, Test, Feat],
    length: float = 0.8,
    amp: float = 1.0,
    noise: float = 0.1,
) -> tuple[NDArray[float64, Test], NDArray[float64, Test]]:
    k = rbf(x, x, length, amp) + noise**2 * np.eye(x.shape[0])
    k_star = rbf(x, x_new, length, amp)
    chol = np.linalg.cholesky(k)
    alpha = np.linalg.solve(chol.T, np.linalg.solve(chol, y))
    mean = k_star.T @ alpha
    v = np.linalg.solve(chol, k_star)
    var = amp**2 - (v * v).sum(axis=0)
    return mean, var


def log_marginal(x: NDArray[float64, Train, Feat], y: NDArray[float64, Train], noise: float = 0.1) -> float:
    k = rbf(x, x, 0.8, 1.0) + noise**2 * np.eye(len(y))
    chol = np.linalg.cholesky(k)
    alpha = np.linalg.solve(chol.T, np.linalg.solve(chol, y))
    return float(-0.5 * y @ alpha - np.log(np.diag(chol)).sum() - 0.5 * len(y) * np.log(2 * np.pi))


def main() -> None:
    rng = np.random.default_rng(5)
    x = rng.uniform(-3, 3, size=(12, 2))
    y = np.sin(x[:, 0]) + 0.1 * rng.normal(size=12)
    x_new = rng.uniform(-3, 3, size=(5, 2))
    mean, var = posterior(x, y, x_new)
    assert mean.shape == (5,) and np.all(var > 0)
    print("lml", log_marginal(x, y))


if __name__ == "__main__":
    main()
