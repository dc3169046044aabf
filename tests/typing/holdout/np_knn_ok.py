"""k-nearest-neighbour classification with the expanded squared-distance formula (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Query = DimensionVar("Query")
Ref = DimensionVar("Ref")
D = DimensionVar("D")


def sq_distances(q: NDArray[float32, Query, D], ref: NDArray[float32, Ref, D]) -> NDArray[float32, Query, Ref]:
    q_sq = (q**2).sum(axis=1)[:, None]
    r_sq = (ref**2).sum(axis=1)[None, :]
    return np.maximum(q_sq - 2.0 * q @ ref.T + r_sq, 0.0)


def knn_predict(dist: NDArray[float32, Query, Ref], labels: NDArray[int64, Ref], k: int, n_classes: int) -> NDArray[int64, Query]:
    nearest = np.argsort(dist, axis=1)[:, :k]
    votes = labels[nearest]
    counts = np.stack([(votes == c).sum(axis=1) for c in range(n_classes)], axis=1)
    return counts.argmax(axis=1)


def accuracy(pred: NDArray[int64, Query], truth: NDArray[int64, Query]) -> float:
    return float(np.mean(pred == truth))


def main() -> None:
    rng = np.random.default_rng(10)
    ref = rng.standard_normal((30, 4), dtype=np.float32)
    labels = (ref[:, 0] > 0).astype(np.int64)
    q = rng.standard_normal((8, 4), dtype=np.float32)
    pred = knn_predict(sq_distances(q, ref), labels, 5, 2)
    print("knn", pred.shape, accuracy(pred, (q[:, 0] > 0).astype(np.int64)))


if __name__ == "__main__":
    main()
