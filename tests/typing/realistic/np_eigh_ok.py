"""Principal component analysis with np.linalg.eigh (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N", bound=int)
D = DimensionVar("D", bound=int)
K = DimensionVar("K", bound=int)


def pca_components(x: NDArray[float64, N, D], k: int) -> tuple[NDArray[float64, Any], NDArray[float64, D, Any]]:
    xc = x - x.mean(axis=0)
    cov = xc.T @ xc / (x.shape[0] - 1)
    evals, evecs = np.linalg.eigh(cov)
    order = np.argsort(evals)[::-1][:k]
    return evals[order], evecs[:, order]


def project(x: NDArray[float64, N, D], components: NDArray[float64, D, K]) -> NDArray[float64, N, K]:
    return (x - x.mean(axis=0)) @ components


def explained_variance_ratio(evals: NDArray[float64, K], x: NDArray[float64, N, D]) -> NDArray[float64, K]:
    total = x.var(axis=0, ddof=1).sum()
    return evals / total


def main() -> None:
    rng = np.random.default_rng(21)
    x = rng.standard_normal((40, 5)) @ rng.standard_normal((5, 5))
    evals, comps = pca_components(x, 2)
    print("pca", project(x, comps).shape, explained_variance_ratio(evals, x).round(2))


if __name__ == "__main__":
    main()
