"""A ChebNet graph convolution: the rescaled normalised Laplacian, the Chebyshev basis of the node
features by recurrence, the learned combination by einsum, and a mean readout."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Node = DimensionVar("Node")
In = DimensionVar("In")
Out = DimensionVar("Out")
K = DimensionVar("K")


def scaled_laplacian(adj: NDArray[np.float32, Node, Node]) -> NDArray[np.float32, Node, Node]:
    deg = adj.sum(axis=1)
    d = 1.0 / jnp.sqrt(jnp.maximum(deg, 1e-6))
    lap = jnp.eye(adj.shape[0]) - d[:, None] * adj * d[None, :]
    lam_max = jnp.linalg.eigvalsh(lap).max()
    return 2.0 * lap / lam_max - jnp.eye(adj.shape[0])


def cheb_basis(lap: NDArray[np.float32, Node, Node], x: NDArray[np.float32, Node, In], k: int) -> NDArray[np.float32, Any, Node, In]:
    tx = [x, lap @ x]
    for _ in range(2, k):
        tx.append(2.0 * lap @ tx[-1] - tx[-2])
    return jnp.stack(tx[:k], axis=0)


def cheb_conv(basis: NDArray[np.float32, K, Node, In], theta: NDArray[np.float32, K, In, Out], bias: NDArray[np.float32, Out]) -> NDArray[np.float32, Node, Out]:
    return jnp.einsum("kni,kio->on", basis, theta) + bias  # BUG: the output is (Out, Node), (Node, Out) is declared


def readout(h: NDArray[np.float32, Node, Out]) -> NDArray[np.float32, Out]:
    return jax.nn.relu(h).mean(axis=0)


def ring_graph(n: int) -> jax.Array:
    idx = jnp.arange(n)
    adj = jnp.zeros((n, n)).at[idx, (idx + 1) % n].set(1.0)
    return adj + adj.T


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(10))
    nodes, d_in, d_out, order = 7, 4, 5, 3
    lap = scaled_laplacian(ring_graph(nodes))
    x = jax.random.normal(k1, (nodes, d_in))
    theta = jax.random.normal(k2, (order, d_in, d_out)) * 0.1
    h = cheb_conv(cheb_basis(lap, x, order), theta, jnp.zeros(d_out))
    assert h.shape == (nodes, d_out)
    assert readout(h).shape == (d_out,)
