"""A single-head graph attention layer with an adjacency mask (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Node = DimensionVar("Node")
In = DimensionVar("In")
Out = DimensionVar("Out")


def attention_logits(h: NDArray[float32, Node, Out], a_src: NDArray[float32, Out], a_dst: NDArray[float32, Out]) -> NDArray[float32, Node, Node]:
    src = h @ a_src
    dst = h @ a_dst
    return jax.nn.leaky_relu(src[:, None] + dst[None, :], negative_slope=0.2)


def gat_layer(
    x: NDArray[float32, Node, In], adj: NDArray[jnp.bool_, Node, Node], w: NDArray[float32, In, Out], a_src: NDArray[float32, Out], a_dst: NDArray[float32, Out]
) -> NDArray[float32, Node, Out]:
    h = x @ w
    logits = attention_logits(h, a_src, a_dst)
    logits = jnp.where(adj, logits, -1e9)
    alpha = jax.nn.softmax(logits, axis=-1)
    return jax.nn.elu(alpha @ h)


def main() -> None:
    k1, k2, k3, k4, k5 = jax.random.split(jax.random.PRNGKey(5), 5)
    x = jax.random.normal(k1, (7, 4))
    adj = (jax.random.uniform(k2, (7, 7)) < 0.4) | jnp.eye(7, dtype=bool)
    out = gat_layer(x, adj, jax.random.normal(k3, (4, 5)), jax.random.normal(k4, (5,)), jax.random.normal(k5, (5,)))
    print("gat", out.shape)


if __name__ == "__main__":
    main()
