"""One Lloyd iteration of k-means, vectorised (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
K = DimensionVar("K", bound=int)
D = DimensionVar("D")


def assign(points: NDArray[float64, N, D], centroids: NDArray[float64, K, D]) -> NDArray[np.intp, N]:
    d2 = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=-1)
    return d2.argmin(axis=1)


def update(points: NDArray[float64, N, D], labels: NDArray[np.intp, N], centroids: NDArray[float64, K, D]) -> NDArray[float64, K, D]:
    k = centroids.shape[0]
    onehot = np.eye(k)[labels]
    counts = onehot.sum(axis=0)
    sums = onehot.T @ points
    return np.where(counts[:, None] > 0, sums / np.maximum(counts, 1)[:, None], centroids)


def inertia(points: NDArray[float64, N, D], centroids: NDArray[float64, K, D], labels: NDArray[np.intp, N]) -> float:
    return float(((points - centroids[labels]) ** 2).sum())


def main() -> None:
    rng = np.random.default_rng(31)
    pts = np.concatenate([rng.normal(0, 0.2, (10, 2)), rng.normal(3, 0.2, (12, 2))])
    cents = pts[[0, 15, 3]]
    labels = assign(pts, cents)
    new = update(pts, labels, cents)
    print("kmeans", labels.shape, new.shape, inertia(pts, new, assign(pts, new)))


if __name__ == "__main__":
    main()
