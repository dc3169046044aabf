"""Ordinal regression with a cumulative logit link: ordered cut points from unconstrained
parameters, class probabilities by differences, fitted by gradient descent with jax.grad."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")
Cut = DimensionVar("Cut")


def cumulative_probs(eta: NDArray[np.float32, N], cuts: NDArray[np.float32, Cut]) -> NDArray[np.float32, N, Cut]:
    return jax.nn.sigmoid(cuts[None, :] - eta[:, None])


def class_probs(cum: NDArray[np.float32, N, Cut]) -> NDArray[np.float32, N, Any]:
    n = cum.shape[0]
    padded = jnp.concatenate([jnp.zeros((n, 1)), cum, jnp.ones((n, 1))], axis=1)
    return jnp.diff(padded, axis=1)


def cut_points(params: dict[str, jax.Array]) -> jax.Array:
    return jnp.cumsum(jnp.concatenate([params["c0"], jnp.exp(params["log_gaps"])]))


def nll(params: dict[str, jax.Array], x: NDArray[np.float32, N, D], y: NDArray[np.int32, N]) -> jax.Array:
    p = class_probs(cumulative_probs(x @ params["w"], cut_points(params)))
    return -jnp.log(jnp.take_along_axis(p, y[:, None], axis=1) + 1e-9).mean()


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(11))
    n, d, classes = 60, 3, 5
    x = jax.random.normal(k1, (n, d))
    latent = x @ jnp.array([1.0, -0.5, 0.3]) + 0.3 * jax.random.normal(k2, (n,))
    y = jnp.digitize(latent, jnp.array([-1.0, -0.3, 0.3, 1.0])).astype(jnp.int32)
    params = {"w": jnp.zeros(d), "c0": jnp.array([-1.0]), "log_gaps": jnp.zeros(classes - 2)}
    start = float(nll(params, x, y))
    grad = jax.grad(nll)
    for _ in range(50):
        g = grad(params, x, y)
        params = jax.tree_util.tree_map(lambda p, gp: p - 0.5 * gp, params, g)
    assert float(nll(params, x, y)) < start
    probs = class_probs(cumulative_probs(x @ params["w"], cut_points(params)))
    assert probs.shape == (n, classes) and jnp.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
