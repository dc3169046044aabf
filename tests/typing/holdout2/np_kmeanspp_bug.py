"""k-means++ seeding followed by a few Lloyd iterations."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Point = DimensionVar("Point")
Cluster = DimensionVar("Cluster")
Dim = DimensionVar("Dim")


def sq_dists(x: NDArray[float64, Point, Dim], centres: NDArray[float64, Cluster, Dim]) -> NDArray[float64, Point, Cluster]:
    return (x**2).sum(1, keepdims=True) - 2 * x @ centres.T + (centres**2).sum(1)


def seed(x: NDArray[float64, Point, Dim], k: int, rng: np.random.Generator) -> NDArray[float64, Cluster, Dim]:
    chosen = [int(rng.integers(len(x)))]
    for _ in range(1, k):
        d2 = np.maximum(sq_dists(x, x[chosen]).min(axis=1), 0.0)
        chosen.append(int(rng.choice(len(x), p=d2 / d2.sum())))
    return x[chosen].copy()


def assign(x: NDArray[float64, Point, Dim], centres: NDArray[float64, Cluster, Dim]) -> NDArray[np.intp, Point]:
    return sq_dists(x, centres).min(axis=1)  # BUG: min instead of argmin: float64 distances, not intp labels


def update(x: NDArray[float64, Point, Dim], labels: NDArray[np.intp, Point], centres: NDArray[float64, Cluster, Dim]) -> NDArray[float64, Cluster, Dim]:
    new = centres.copy()
    for c in range(len(centres)):
        members = x[labels == c]
        if len(members):
            new[c] = members.mean(axis=0)
    return new


def main() -> None:
    rng = np.random.default_rng(7)
    blobs = np.array([[0.0, 0.0, 0.0], [5.0, 5.0, 0.0], [0.0, 5.0, 5.0], [5.0, 0.0, 5.0]])
    x = np.concatenate([b + rng.normal(size=(15, 3)) for b in blobs])
    centres = seed(x, 4, rng)
    for _ in range(10):
        labels = assign(x, centres)
        centres = update(x, labels, centres)
    inertia = sq_dists(x, centres).min(axis=1).sum()
    print("inertia", inertia, np.bincount(assign(x, centres), minlength=4))


if __name__ == "__main__":
    main()
