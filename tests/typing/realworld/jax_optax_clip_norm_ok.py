"""Gradient clipping by global norm, written the way optax's clip_by_global_norm() writes it
(the norm over every leaf of the update pytree, then one scale applied by tree_map), inside an
SGD training loop for a two-layer network whose parameters are a NamedTuple."""

from typing import Generic, NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
In = DimensionVar("In")
Hid = DimensionVar("Hid")
Out = DimensionVar("Out")


class MLPParams(NamedTuple, Generic[In, Hid, Out]):
    w1: NDArray[float32, In, Hid]
    b1: NDArray[float32, Hid]
    w2: NDArray[float32, Hid, Out]
    b2: NDArray[float32, Out]


def forward(params: MLPParams[In, Hid, Out], x: NDArray[float32, B, In]) -> NDArray[float32, B, Out]:
    h = jnp.tanh(x @ params.w1 + params.b1)
    return h @ params.w2 + params.b2


def loss_fn(params: MLPParams[In, Hid, Out], x: NDArray[float32, B, In], y: NDArray[float32, B, Out]) -> jax.Array:
    return jnp.mean((forward(params, x) - y) ** 2)


def global_norm(updates: MLPParams[In, Hid, Out]) -> jax.Array:
    leaves = jax.tree_util.tree_leaves(updates)
    return jnp.sqrt(sum(jnp.sum(g**2) for g in leaves))


def clip_by_global_norm(updates: MLPParams[In, Hid, Out], max_norm: float) -> MLPParams[In, Hid, Out]:
    g_norm = global_norm(updates)
    trigger = g_norm < max_norm
    return jax.tree_util.tree_map(lambda t: jnp.where(trigger, t, (t / g_norm.astype(t.dtype)) * max_norm), updates)


def train_step(params: MLPParams[In, Hid, Out], x: NDArray[float32, B, In], y: NDArray[float32, B, Out], lr: float, max_norm: float) -> tuple[MLPParams[In, Hid, Out], jax.Array]:
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = clip_by_global_norm(grads, max_norm)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), loss


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = MLPParams(jax.random.normal(k1, (3, 16)) * 0.5, jnp.zeros(16), jax.random.normal(k2, (16, 2)) * 0.5, jnp.zeros(2))
    x = jax.random.normal(k3, (32, 3))
    y = jnp.stack([jnp.sin(x[:, 0]), x[:, 1] * x[:, 2]], axis=-1)
    big = jax.tree_util.tree_map(lambda t: 100.0 * jnp.ones_like(t), params)
    clipped = clip_by_global_norm(big, 1.0)
    assert abs(float(global_norm(clipped)) - 1.0) < 1e-4
    assert clipped.w1.shape == (3, 16) and clipped.b2.shape == (2,)
    losses = []
    for _ in range(100):
        params, loss = train_step(params, x, y, lr=0.1, max_norm=1.0)
        losses.append(float(loss))
    assert losses[-1] < 0.5 * losses[0]


if __name__ == "__main__":
    main()
