"""k-means clustering with explicit loops and npt.NDArray annotations (numpy)."""

from typing import Optional

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


def assign(points: FloatArray, centroids: FloatArray) -> npt.NDArray[np.intp]:
    dists = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=-1)
    return np.argmin(dists, axis=1)


def update(points: FloatArray, labels: npt.NDArray[np.intp], k: int, old: FloatArray) -> FloatArray:
    new = old.copy()
    for j in range(k):
        members = points[labels == j]
        if len(members):
            new[j] = members.mean(axis=0)
    return new


def kmeans(points: FloatArray, k: int, iters: int = 20, seed: Optional[int] = None) -> tuple[FloatArray, npt.NDArray[np.intp]]:
    rng = np.random.default_rng(seed)
    centroids = points[rng.choice(len(points), size=k, replace=False)]
    labels = assign(points, centroids)
    for _ in range(iters):
        centroids = update(points, labels, k, centroids)
        new_labels = assign(points, centroids)
        if np.array_equal(new_labels, labels):
            break
        labels = new_labels
    return centroids, labels


def main() -> None:
    rng = np.random.default_rng(1)
    blobs = np.concatenate([rng.normal(c, 0.3, size=(30, 2)) for c in (0.0, 3.0, 6.0)])
    centroids, labels = kmeans(blobs, 3, seed=0)
    print(np.sort(centroids[:, 0]).round(1), np.bincount(labels))


if __name__ == "__main__":
    main()
