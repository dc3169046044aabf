"""Sampling from a multivariate normal and whitening with the Cholesky factor (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

S = DimensionVar("S")
D = DimensionVar("D")


def sample_mvn(mean: NDArray[float64, D], cov: NDArray[float64, D, D], z: NDArray[float64, S, D]) -> NDArray[float64, S, D]:
    chol = np.linalg.cholesky(cov)
    return mean + z @ chol.T


def whiten(x: NDArray[float64, S, D], mean: NDArray[float64, D], cov: NDArray[float64, D, D]) -> NDArray[float64, S, D]:
    chol = np.linalg.cholesky(cov)
    return np.linalg.solve(chol, (x - mean).T).T


def main() -> None:
    rng = np.random.default_rng(24)
    cov = np.array([[1.0, 0.5], [0.5, 2.0]])
    mean = np.array([1.0, -1.0])
    x = sample_mvn(mean, cov, rng.standard_normal((500, 2)))
    w = whiten(x, mean, cov)
    print("mvn", x.shape, np.cov(w, rowvar=False).round(1).tolist())


if __name__ == "__main__":
    main()
