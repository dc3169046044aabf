"""Feature covariance and correlation with np.cov / np.corrcoef, and highly correlated pairs (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
D = DimensionVar("D")


def feature_cov(x: NDArray[float64, N, D]) -> NDArray[float64, D, D]:
    return np.cov(x)  # BUG: forgot rowvar=False: (N, N) covariance between samples


def feature_corr(x: NDArray[float64, N, D]) -> NDArray[float64, D, D]:
    return np.corrcoef(x, rowvar=False)


def correlated_pairs(corr: NDArray[float64, D, D], threshold: float = 0.9) -> list[tuple[int, int]]:
    i, j = np.nonzero(np.triu(np.abs(corr) > threshold, k=1))
    return [(int(a), int(b)) for a, b in zip(i, j)]


def main() -> None:
    rng = np.random.default_rng(52)
    x = rng.standard_normal((30, 4))
    x[:, 3] = x[:, 0] * 2 + 0.01 * rng.standard_normal(30)
    print("corr", feature_cov(x).shape, correlated_pairs(feature_corr(x)))


if __name__ == "__main__":
    main()
