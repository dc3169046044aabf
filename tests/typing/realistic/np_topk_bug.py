"""Top-k retrieval: argsort, take_along_axis and recall@k (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Q = DimensionVar("Q")
N = DimensionVar("N")


def top_k_indices(scores: NDArray[float32, Q, N], k: int) -> NDArray[np.intp, Q, Any]:
    return np.sort(-scores, axis=1)[:, :k]  # BUG: sorted scores (float32) instead of their indices


def top_k_scores(scores: NDArray[float32, Q, N], k: int) -> NDArray[float32, Q, Any]:
    idx = top_k_indices(scores, k)
    return np.take_along_axis(scores, idx, axis=1)


def recall_at_k(scores: NDArray[float32, Q, N], relevant: NDArray[int64, Q], k: int) -> float:
    hits = (top_k_indices(scores, k) == relevant[:, None]).any(axis=1)
    return float(hits.mean())


def main() -> None:
    rng = np.random.default_rng(36)
    scores = rng.standard_normal((4, 20), dtype=np.float32)
    relevant = rng.integers(0, 20, size=4)
    print("topk", top_k_indices(scores, 3).shape, top_k_scores(scores, 3).shape, recall_at_k(scores, relevant, 5))


if __name__ == "__main__":
    main()
