"""Personalised PageRank by power iteration for several seed sets at once; dangling nodes teleport."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Node = DimensionVar("Node")
Seed = DimensionVar("Seed")


def transition_matrix(adj: NDArray[float64, Node, Node]) -> NDArray[float64, Node, Node]:
    out_degree = adj.sum(axis=1, keepdims=True)
    dangling = out_degree == 0
    n = adj.shape[0]
    rows = np.where(dangling, 1.0 / n, adj / np.maximum(out_degree, 1.0))
    return rows.T  # column-stochastic: column j is where node j sends its mass


def seed_matrix(seeds: list[list[int]], n: int) -> np.ndarray:
    p = np.zeros((n, len(seeds)))
    for j, nodes in enumerate(seeds):
        p[nodes, j] = 1.0 / len(nodes)
    return p


def personalised_pagerank(
    adj: NDArray[float64, Node, Node], personal: NDArray[float64, Node, Seed], damping: float = 0.85
) -> NDArray[float64, Node, Seed]:
    m = transition_matrix(adj)
    rank = personal.copy()
    for _ in range(100):
        new_rank = damping * (m @ rank) + (1.0 - damping) * personal
        if np.abs(new_rank - rank).sum() < 1e-10:
            return new_rank
        rank = new_rank
    return rank


def top_nodes(rank: NDArray[float64, Node, Seed], k: int) -> NDArray[np.intp, Seed, Any]:
    return np.argsort(-rank, axis=0)[:k].T


def main() -> None:
    rng = np.random.default_rng(4)
    adj = (rng.random((9, 9)) < 0.3).astype(np.float64)
    np.fill_diagonal(adj, 0.0)
    adj[3] = 0.0  # a dangling node
    personal = seed_matrix([[0, 1], [5], [2, 7, 8], [4]], 9)
    rank = personalised_pagerank(adj, personal)
    assert rank.shape == (9, 4)
    assert np.allclose(rank.sum(axis=0), 1.0)
    assert top_nodes(rank, 3).shape == (4, 3)


if __name__ == "__main__":
    main()
