"""Per-example gradients with jax.vmap(jax.grad(...)) for differentially private SGD, as Opacus
and the JAX DP-SGD examples do it: one gradient per example, each clipped to a norm bound over
all its leaves, averaged, and Gaussian noise added."""

from typing import Any, Generic, NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
F = DimensionVar("F")
Out = DimensionVar("Out")


class LinearParams(NamedTuple, Generic[F, Out]):
    w: NDArray[float32, F, Out]
    b: NDArray[float32, Out]


def example_loss(params: LinearParams[F, Out], x: NDArray[float32, F], y: NDArray[float32, Out]) -> jax.Array:
    pred = x @ params.w + params.b
    return jnp.sum((pred - y) ** 2)


def per_example_grads(params: LinearParams[F, Out], xs: NDArray[float32, B, F], ys: NDArray[float32, B, Out]) -> LinearParams[Any, Any]:
    return jax.vmap(jax.grad(example_loss), in_axes=(0, 0, 0))(params, xs, ys)  # BUG: the parameters mapped too: their first axis is F, not the batch


def clip_and_noise(grads: LinearParams[Any, Any], max_norm: float, noise_multiplier: float, key: jax.Array) -> LinearParams[Any, Any]:
    leaves = jax.tree_util.tree_leaves(grads)
    norms = jnp.sqrt(sum(jnp.sum(g.reshape(g.shape[0], -1) ** 2, axis=1) for g in leaves))
    factors = jnp.minimum(1.0, max_norm / (norms + 1e-6))
    clipped = jax.tree_util.tree_map(lambda g: g * factors.reshape((-1,) + (1,) * (g.ndim - 1)), grads)
    keys = jax.tree_util.tree_unflatten(jax.tree_util.tree_structure(grads), list(jax.random.split(key, len(leaves))))
    n = norms.shape[0]
    return jax.tree_util.tree_map(lambda g, k: (g.sum(axis=0) + noise_multiplier * max_norm * jax.random.normal(k, g.shape[1:])) / n, clipped, keys)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(4), 3)
    params = LinearParams(jnp.zeros((6, 2)), jnp.zeros(2))
    xs = jax.random.normal(k1, (10, 6))
    ys = xs[:, :2] * 2.0
    grads = per_example_grads(params, xs, ys)
    assert grads.w.shape == (10, 6, 2) and grads.b.shape == (10, 2)
    full = jax.grad(lambda p: sum(example_loss(p, x, y) for x, y in zip(xs, ys)))(params)
    assert jnp.allclose(grads.w.sum(axis=0), full.w, atol=1e-4)
    noisy = clip_and_noise(grads, max_norm=1.0, noise_multiplier=0.0, key=k2)
    assert noisy.w.shape == (6, 2) and noisy.b.shape == (2,)
    assert float(jnp.sqrt(jnp.sum(noisy.w**2) + jnp.sum(noisy.b**2))) <= 1.0 + 1e-5
    noised = clip_and_noise(grads, 1.0, 1.1, k3)
    assert noised.w.shape == (6, 2)


if __name__ == "__main__":
    main()
