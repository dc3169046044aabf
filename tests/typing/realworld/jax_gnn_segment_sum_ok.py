"""A message-passing layer over a graph in the jraph layout (node features, sender and receiver
index arrays) with jax.ops.segment_sum for the aggregation and the in-degrees, mean aggregation,
and a readout over a batch of graphs with one-hot graph membership."""

from typing import Any, Generic, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
E = DimensionVar("E")
D = DimensionVar("D")
H = DimensionVar("H")


class Graph(NamedTuple, Generic[N, E, D]):
    nodes: NDArray[np.float32, N, D]
    senders: NDArray[np.int32, E]
    receivers: NDArray[np.int32, E]


def message_passing(g: Graph[N, E, D], w_msg: NDArray[np.float32, D, H], w_upd: NDArray[np.float32, Any, H]) -> NDArray[np.float32, N, H]:
    n_nodes = g.nodes.shape[0]
    messages = jax.nn.relu(g.nodes[g.senders] @ w_msg)
    aggregated = jax.ops.segment_sum(messages, g.receivers, num_segments=n_nodes)
    degree = jax.ops.segment_sum(jnp.ones_like(g.receivers, dtype=jnp.float32), g.receivers, num_segments=n_nodes)
    mean_msg = aggregated / jnp.maximum(degree, 1.0)[:, None]
    return jax.nn.relu(jnp.concatenate([g.nodes, mean_msg], axis=-1) @ w_upd)


def graph_readout(node_feats: NDArray[np.float32, N, H], graph_ids: NDArray[np.int32, N], n_graphs: int) -> NDArray[np.float32, Any, H]:
    membership = jax.nn.one_hot(graph_ids, n_graphs).T
    counts = membership.sum(axis=1, keepdims=True)
    return membership @ node_feats / counts


def ring(n: int, offset: int) -> tuple[np.ndarray, np.ndarray]:
    i = np.arange(n)
    return np.concatenate([i, (i + 1) % n]) + offset, np.concatenate([(i + 1) % n, i]) + offset


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(12), 3)
    s1, r1 = ring(5, 0)
    s2, r2 = ring(4, 5)
    g = Graph(
        jax.random.normal(k1, (9, 3)),
        jnp.asarray(np.concatenate([s1, s2]), dtype=jnp.int32),
        jnp.asarray(np.concatenate([r1, r2]), dtype=jnp.int32),
    )
    assert g.senders.shape == (18,)
    h = message_passing(g, jax.random.normal(k2, (3, 4)), jax.random.normal(k3, (7, 4)))
    assert h.shape == (9, 4)
    pooled = graph_readout(h, jnp.array([0] * 5 + [1] * 4, dtype=jnp.int32), 2)
    assert pooled.shape == (2, 4)
    assert jnp.allclose(pooled[1], h[5:].mean(axis=0), atol=1e-6)


if __name__ == "__main__":
    main()
