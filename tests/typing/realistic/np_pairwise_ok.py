"""Pairwise distances and an RBF kernel by broadcasting with None-indexing (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")


def pairwise_sq_dists(x: NDArray[float64, N, D], y: NDArray[float64, M, D]) -> NDArray[float64, N, M]:
    diff = x[:, None, :] - y[None, :, :]
    return (diff**2).sum(axis=-1)


def rbf_kernel(x: NDArray[float64, N, D], y: NDArray[float64, M, D], length_scale: float = 1.0) -> NDArray[float64, N, M]:
    return np.exp(-0.5 * pairwise_sq_dists(x, y) / length_scale**2)


def nearest(x: NDArray[float64, N, D], y: NDArray[float64, M, D]) -> NDArray[np.intp, N]:
    return np.argmin(pairwise_sq_dists(x, y), axis=1)


def main() -> None:
    rng = np.random.default_rng(27)
    x = rng.standard_normal((5, 3))
    y = rng.standard_normal((7, 3))
    print("pairwise", rbf_kernel(x, y).shape, nearest(x, y).shape)


if __name__ == "__main__":
    main()
