"""Chamfer distance between two point clouds, and the nearest-neighbour assignment."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")


def pairwise_sq_dist(a: NDArray[np.float64, N, D], b: NDArray[np.float64, M, D]) -> NDArray[np.float64, N, M]:
    d2 = (a * a).sum(axis=1)[:, None] + (b * b).sum(axis=1)[:, None] - 2.0 * a @ b.T  # BUG: b's norms as a column (M, 1) instead of a row (1, M)
    return np.maximum(d2, 0.0)


def chamfer(a: NDArray[np.float64, N, D], b: NDArray[np.float64, M, D]) -> tuple[float, NDArray[np.int64, N]]:
    d2 = pairwise_sq_dist(a, b)
    a_to_b: NDArray[np.float64, N] = d2.min(axis=1)
    b_to_a: NDArray[np.float64, M] = d2.min(axis=0)
    nearest = d2.argmin(axis=1)
    return float(a_to_b.mean() + b_to_a.mean()), nearest


def main() -> None:
    rng = np.random.default_rng(3)
    a = rng.standard_normal((50, 3))
    b = a[:30] + 0.01 * rng.standard_normal((30, 3))
    dist, nearest = chamfer(a, b)
    assert nearest.shape == (50,)
    assert dist >= 0.0
    assert np.all(nearest[:30] == np.arange(30))


if __name__ == "__main__":
    main()
