"""Message passing over an edge list with jax.ops.segment_sum (a GNN layer on a sparse graph)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Node = DimensionVar("Node")
Edge = DimensionVar("Edge")
Feat = DimensionVar("Feat")
EdgeFeat = DimensionVar("EdgeFeat")
Hidden = DimensionVar("Hidden")


def messages(
    h: NDArray[float32, Node, Feat], senders: NDArray[int32, Edge], edge_attr: NDArray[float32, Edge, EdgeFeat], w_msg: NDArray[float32, Feat, Hidden], w_edge: NDArray[float32, EdgeFeat, Hidden]
) -> NDArray[float32, Edge, Hidden]:
    return jax.nn.relu(h[senders] @ w_msg + edge_attr @ w_edge)


def aggregate(msgs: NDArray[float32, Edge, Hidden], receivers: NDArray[int32, Edge], n_nodes: int) -> NDArray[float32, Node, Hidden]:
    summed = jax.ops.segment_sum(msgs, receivers, num_segments=n_nodes)
    counts = jax.ops.segment_sum(jnp.ones_like(receivers, dtype=jnp.float32), receivers, num_segments=n_nodes)
    return summed / jnp.maximum(counts, 1.0)[:, None]


def update(h: NDArray[float32, Node, Feat], agg: NDArray[float32, Node, Hidden], w_self: NDArray[float32, Feat, Hidden]) -> NDArray[float32, Node, Hidden]:
    return jnp.tanh(h @ w_self + agg)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(6), 6)
    h = jax.random.normal(keys[0], (6, 4))
    senders = jax.random.randint(keys[1], (11,), 0, 6)
    receivers = jax.random.randint(keys[2], (11,), 0, 6)
    edge_attr = jax.random.normal(keys[3], (11, 2))
    msgs = messages(h, senders, edge_attr, jax.random.normal(keys[4], (4, 5)), jax.random.normal(keys[5], (2, 5)))
    agg = aggregate(msgs, receivers, 6)
    print("messages", update(h, agg, jax.random.normal(keys[0], (4, 5))).shape)


if __name__ == "__main__":
    main()
