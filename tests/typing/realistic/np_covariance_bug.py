"""Sample covariance and correlation matrices (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N", bound=int)
D = DimensionVar("D", bound=int)


def covariance(x: NDArray[float64, N, D]) -> NDArray[float64, D, D]:
    n = x.shape[0]
    xc = x - x.mean(axis=0)
    return xc @ xc.T / (n - 1)  # BUG: (N, N) Gram matrix instead of the (D, D) covariance


def correlation(x: NDArray[float64, N, D]) -> NDArray[float64, D, D]:
    cov = covariance(x)
    sd = np.sqrt(np.diag(cov))
    return cov / np.outer(sd, sd)


def main() -> None:
    rng = np.random.default_rng(16)
    x = rng.standard_normal((40, 3))
    c = covariance(x)
    assert np.allclose(c, np.cov(x, rowvar=False))
    print("cov", c.shape, correlation(x).shape)


if __name__ == "__main__":
    main()
