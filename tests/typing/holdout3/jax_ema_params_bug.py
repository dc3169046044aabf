"""A small MLP held in a dict of parameters, trained by SGD with jax.grad, with an exponential
moving average of the parameters (tree_map) and its bias correction."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Hidden = DimensionVar("Hidden")
Out = DimensionVar("Out")

Params = dict[str, jax.Array]


def init(key: jax.Array, d_in: int, d_hidden: int, d_out: int) -> Params:
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
        "b1": jnp.zeros(d_hidden),
        "w2": jax.random.normal(k2, (d_hidden, d_out)) / jnp.sqrt(d_hidden),
        "b2": jnp.zeros(d_out),
    }


def dense(x: NDArray[np.float32, Batch, In], w: NDArray[np.float32, In, Out], b: NDArray[np.float32, Out]) -> NDArray[np.float32, Batch, Out]:
    return x @ w + b


def layer_norm(x: NDArray[np.float32, Batch, Hidden]) -> NDArray[np.float32, Batch, Hidden]:
    return (x - x.mean(axis=-1)) / jnp.sqrt(x.var(axis=-1, keepdims=True) + 1e-5)  # BUG: (Batch, Hidden) - (Batch,): the mean lost its axis


def mlp(params: Params, x: jax.Array) -> jax.Array:
    h = jax.nn.gelu(layer_norm(dense(x, params["w1"], params["b1"])))
    return dense(h, params["w2"], params["b2"])


def ema_update(ema: Params, params: Params, decay: float) -> Params:
    return jax.tree_util.tree_map(lambda e, p: decay * e + (1.0 - decay) * p, ema, params)


def debiased(ema: Params, step: int, decay: float) -> Params:
    return jax.tree_util.tree_map(lambda e: e / (1.0 - decay**step), ema)


def sgd_step(params: Params, x: jax.Array, y: jax.Array, lr: float) -> Params:
    def loss(p: Params) -> jax.Array:
        return jnp.mean((mlp(p, x) - y) ** 2)

    grads = jax.grad(loss)(params)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(2), 3)
    batch, d_in, d_hidden, d_out = 8, 5, 7, 2
    params = init(k1, d_in, d_hidden, d_out)
    x = jax.random.normal(k2, (batch, d_in))
    y = jax.random.normal(k3, (batch, d_out))
    ema = jax.tree_util.tree_map(jnp.zeros_like, params)
    decay = 0.9
    for step in range(1, 6):
        params = sgd_step(params, x, y, 0.05)
        ema = ema_update(ema, params, decay)
    avg = debiased(ema, 5, decay)
    assert mlp(avg, x).shape == (batch, d_out)
    assert jax.tree_util.tree_structure(avg) == jax.tree_util.tree_structure(params)
