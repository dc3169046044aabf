"""Multivariate Gaussian log-density with np.linalg.inv and np.linalg.det (numpy)."""

import math

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
D = DimensionVar("D", bound=int)


def mahalanobis_sq(x: NDArray[float64, N, D], mean: NDArray[float64, D], cov: NDArray[float64, D, D]) -> NDArray[float64, N]:
    diff = x - mean
    precision = np.linalg.inv(cov)
    return ((diff @ precision) * diff).sum(axis=1)


def gaussian_logpdf(x: NDArray[float64, N, D], mean: NDArray[float64, D], cov: NDArray[float64, D, D]) -> NDArray[float64, N]:
    d = x.shape[1]
    log_norm = -0.5 * (d * math.log(2 * math.pi) + math.log(np.linalg.det(cov)))
    return log_norm - 0.5 * mahalanobis_sq(x, mean, cov)


def main() -> None:
    rng = np.random.default_rng(19)
    x = rng.standard_normal((6, 3))
    cov = np.array([[2.0, 0.3, 0.0], [0.3, 1.0, 0.2], [0.0, 0.2, 0.5]])
    print("logpdf", gaussian_logpdf(x, np.zeros(3), cov).shape)


if __name__ == "__main__":
    main()
