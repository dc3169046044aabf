"""A two-layer graph convolutional network on a dense adjacency matrix (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Node = DimensionVar("Node", bound=int)
In = DimensionVar("In", bound=int)
Hidden = DimensionVar("Hidden", bound=int)
Out = DimensionVar("Out", bound=int)


def normalised_adjacency(adj: NDArray[float32, Node, Node]) -> NDArray[float32, Node, Node]:
    a_hat = adj + np.eye(adj.shape[0], dtype=np.float32)
    deg = a_hat.sum(axis=1)
    d_inv_sqrt = 1.0 / np.sqrt(deg)
    return d_inv_sqrt[:, None] * a_hat * d_inv_sqrt[None, :]


def gcn_layer(a_norm: NDArray[float32, Node, Node], h: NDArray[float32, Node, In], w: NDArray[float32, In, Hidden]) -> NDArray[float32, Node, Hidden]:
    return np.maximum(a_norm @ h @ w.T, 0.0)  # BUG: torch-style w.T on a weight stored (In, Hidden)


def gcn(
    adj: NDArray[float32, Node, Node], x: NDArray[float32, Node, In], w1: NDArray[float32, In, Hidden], w2: NDArray[float32, Hidden, Out]
) -> NDArray[float32, Node, Out]:
    a_norm = normalised_adjacency(adj)
    h = gcn_layer(a_norm, x, w1)
    return a_norm @ h @ w2


def graph_readout(h: NDArray[float32, Node, Out]) -> NDArray[float32, Out]:
    return h.mean(axis=0)


def main() -> None:
    rng = np.random.default_rng(3)
    upper = np.triu(rng.random((6, 6)) < 0.4, 1)
    adj = (upper | upper.T).astype(np.float32)
    x = rng.standard_normal((6, 4), dtype=np.float32)
    w1 = rng.standard_normal((4, 8), dtype=np.float32)
    w2 = rng.standard_normal((8, 2), dtype=np.float32)
    print("gcn", graph_readout(gcn(adj, x, w1, w2)).shape)


if __name__ == "__main__":
    main()
