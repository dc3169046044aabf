"""k-means by Lloyd's iterations, the best of several k-means++ starts, with the squared
distances computed the way scikit-learn does (row norms plus a matrix product), empty clusters
kept where they were, and the inertia of the result."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
K = DimensionVar("K")
D = DimensionVar("D")


def row_norms_sq(X: NDArray[np.float64, N, D]) -> NDArray[np.float64, N]:
    return np.einsum("ij,ij->i", X, X)


def pairwise_sq_distances(X: NDArray[np.float64, N, D], centers: NDArray[np.float64, K, D], x_sq: NDArray[np.float64, N]) -> NDArray[np.float64, N, K]:
    c_sq = row_norms_sq(centers)
    d = x_sq[np.newaxis, :] - 2.0 * X @ centers.T + c_sq[np.newaxis, :]  # BUG: sample norms as a row (1, N) against (N, K)
    return np.maximum(d, 0.0)


def kmeans_plusplus(X: NDArray[np.float64, N, D], n_clusters: int, rng: np.random.Generator) -> NDArray[np.float64, Any, D]:
    centers = [X[rng.integers(X.shape[0])]]
    for _ in range(1, n_clusters):
        d = np.min(pairwise_sq_distances(X, np.array(centers), row_norms_sq(X)), axis=1)
        centers.append(X[rng.choice(X.shape[0], p=d / d.sum())])
    return np.array(centers)


def lloyd_iter(
    X: NDArray[np.float64, N, D], centers: NDArray[np.float64, K, D], x_sq: NDArray[np.float64, N]
) -> tuple[NDArray[np.float64, K, D], NDArray[np.intp, N], float]:
    d = pairwise_sq_distances(X, centers, x_sq)
    labels = d.argmin(axis=1)
    inertia = d[np.arange(X.shape[0]), labels].sum()
    counts = np.bincount(labels, minlength=centers.shape[0])
    sums = np.zeros_like(centers)
    np.add.at(sums, labels, X)
    empty = counts == 0
    new_centers = np.where(empty[:, None], centers, sums / np.maximum(counts, 1)[:, None])
    return new_centers, labels, float(inertia)


def kmeans(X: NDArray[np.float64, N, D], n_clusters: int, n_init: int = 4, seed: int = 0, max_iter: int = 100) -> tuple[NDArray[np.float64, Any, D], NDArray[np.intp, N], float]:
    rng = np.random.default_rng(seed)
    x_sq = row_norms_sq(X)
    best = None
    for _ in range(n_init):
        centers = kmeans_plusplus(X, n_clusters, rng)
        for _ in range(max_iter):
            new_centers, labels, inertia = lloyd_iter(X, centers, x_sq)
            shift = np.sum((new_centers - centers) ** 2)
            centers = new_centers
            if shift <= 1e-8:
                break
        if best is None or inertia < best[2]:
            best = (centers, labels, inertia)
    assert best is not None
    return best


def main() -> None:
    rng = np.random.default_rng(7)
    true_centers = np.array([[0.0, 0.0, 0.0], [8.0, 0.0, 1.0], [0.0, 8.0, -1.0], [8.0, 8.0, 8.0]])
    X = np.repeat(true_centers, 25, axis=0) + rng.normal(scale=0.5, size=(100, 3))
    centers, labels, inertia = kmeans(X, n_clusters=4)
    assert centers.shape == (4, 3) and labels.shape == (100,) and labels.dtype == np.intp
    assert len(np.unique(labels)) == 4
    assert inertia < 100 * 3 * 0.5**2 * 1.5


if __name__ == "__main__":
    main()
