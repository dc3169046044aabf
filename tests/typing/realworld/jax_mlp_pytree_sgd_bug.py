"""An MLP whose parameters are a list of NamedTuple layers, trained with SGD written over the
pytree (jax.tree_util.tree_map for the update, tree_leaves for an L2 penalty summed with the
builtin sum), on a two-moons style classification task."""

from typing import Any, Generic, NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
In = DimensionVar("In")
Out = DimensionVar("Out")


class Layer(NamedTuple, Generic[In, Out]):
    w: NDArray[float32, In, Out]
    b: NDArray[float32, Out]


def init_mlp(key: jax.Array, sizes: list[int]) -> list[Layer[Any, Any]]:
    keys = jax.random.split(key, len(sizes) - 1)
    return [Layer(jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), jnp.zeros(n)) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def dense(layer: Layer[In, Out], x: NDArray[float32, B, In]) -> NDArray[float32, B, Out]:
    return x @ layer.w.T + layer.b  # BUG: spurious transpose of the (In, Out) weight


def mlp(params: list[Layer[Any, Any]], x: NDArray[float32, B, Any]) -> NDArray[float32, B, Any]:
    for layer in params[:-1]:
        x = jax.nn.relu(dense(layer, x))
    return dense(params[-1], x)


def l2_penalty(params: list[Layer[Any, Any]]) -> jax.Array:
    return sum(jnp.sum(w**2) for w in jax.tree_util.tree_leaves(params))


def loss_fn(params: list[Layer[Any, Any]], x: NDArray[float32, B, Any], labels: NDArray[float32, B]) -> jax.Array:
    logits = mlp(params, x)[:, 0]
    bce = jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits)
    return bce + 1e-4 * l2_penalty(params)


def sgd(params: list[Layer[Any, Any]], grads: list[Layer[Any, Any]], lr: float) -> list[Layer[Any, Any]]:
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def main() -> None:
    k_data, k_noise, k_init = jax.random.split(jax.random.PRNGKey(18), 3)
    t = jax.random.uniform(k_data, (200,)) * jnp.pi
    upper = jnp.stack([jnp.cos(t[:100]), jnp.sin(t[:100])], axis=-1)
    lower = jnp.stack([1 - jnp.cos(t[100:]), 0.5 - jnp.sin(t[100:])], axis=-1)
    x = jnp.concatenate([upper, lower]) + 0.1 * jax.random.normal(k_noise, (200, 2))
    labels = jnp.concatenate([jnp.zeros(100), jnp.ones(100)])
    params = init_mlp(k_init, [2, 32, 16, 1])
    assert [layer.w.shape for layer in params] == [(2, 32), (32, 16), (16, 1)]
    step = jax.jit(lambda p: sgd(p, jax.grad(loss_fn)(p, x, labels), 0.3))
    for _ in range(500):
        params = step(params)
    predictions = (mlp(params, x)[:, 0] > 0).astype(jnp.float32)
    assert float(jnp.mean(predictions == labels)) > 0.95


if __name__ == "__main__":
    main()
