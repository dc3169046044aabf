"""Graph-level readouts for a batch of graphs packed into one node array (the PyTorch Geometric /
jraph layout): one-hot encodings of node types, segment sums with np.add.at, segment means and
segment maxima, the graph of each node given by the graph sizes."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")
G = DimensionVar("G")


def one_hot(labels: NDArray[np.int64, N], num_classes: int) -> NDArray[np.float64, N, Any]:
    return np.eye(num_classes)[labels]


def segment_ids_from_sizes(graph_sizes: NDArray[np.int64, G]) -> NDArray[np.int64, N]:
    return np.repeat(np.arange(graph_sizes.shape[0]), graph_sizes)


def segment_sum(data: NDArray[np.float64, N, D], segment_ids: NDArray[np.int64, N], graph_sizes: NDArray[np.int64, G]) -> NDArray[np.float64, G, D]:
    out = np.zeros((graph_sizes.shape[0], data.shape[1]), dtype=data.dtype)
    np.add.at(out, segment_ids, data)
    return out


def graph_mean_readout(node_feats: NDArray[np.float64, N, D], graph_sizes: NDArray[np.int64, G]) -> NDArray[np.float64, G, D]:
    ids = segment_ids_from_sizes(graph_sizes)
    sums = segment_sum(node_feats, ids, graph_sizes)
    counts = np.maximum(graph_sizes, 1).astype(np.float64)
    return sums / counts[:, None]


def graph_max_readout(node_feats: NDArray[np.float64, N, D], graph_sizes: NDArray[np.int64, G]) -> NDArray[np.float64, G, D]:
    out = np.full((graph_sizes.shape[0], node_feats.shape[1]), -np.inf)
    np.maximum.at(out, segment_ids_from_sizes(graph_sizes), node_feats)
    return out


def main() -> None:
    rng = np.random.default_rng(17)
    graph_sizes = np.array([4, 7, 3, 6, 5])
    n_nodes = int(graph_sizes.sum())
    node_types = rng.integers(0, 3, size=n_nodes)
    feats = np.concatenate([one_hot(node_types, 3), rng.normal(size=(n_nodes, 5))], axis=1)
    assert feats.shape == (25, 8)
    means = graph_mean_readout(feats, graph_sizes)
    maxima = graph_max_readout(feats, graph_sizes)
    assert means.shape == (5, 8) and maxima.shape == (5, 8)
    assert np.allclose(means[1], feats[4:11].mean(axis=0))
    assert np.allclose(means[:, :3].sum(axis=1), 1.0)  # the type fractions of each graph
    assert np.all(maxima >= means)


if __name__ == "__main__":
    main()
