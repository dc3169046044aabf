"""Adam written the way optax's scale_by_adam() writes it (moments as pytrees like the
parameters, bias correction by the step count, tree_map everywhere), training an MLP whose
parameters are dataclasses registered as pytrees and generic in their dimensions."""

from dataclasses import dataclass
from typing import Generic, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
In = DimensionVar("In")
Hid = DimensionVar("Hid")
Out = DimensionVar("Out")


@jax.tree_util.register_dataclass
@dataclass
class Dense(Generic[In, Out]):
    w: NDArray[np.float32, In, Out]
    b: NDArray[np.float32, Out]


@jax.tree_util.register_dataclass
@dataclass
class Mlp(Generic[In, Hid, Out]):
    hidden: Dense[In, Hid]
    out: Dense[Hid, Out]


class AdamState(NamedTuple):
    count: jax.Array
    mu: Mlp
    nu: Mlp


def predict(params: Mlp[In, Hid, Out], x: NDArray[np.float32, B, In]) -> NDArray[np.float32, B, Out]:
    h = jax.nn.gelu(x @ params.hidden.w + params.hidden.b)
    return h @ params.out.w + params.hidden.b  # BUG: the hidden layer's bias (Hid,) added to the output (B, Out)


def adam_init(params: Mlp[In, Hid, Out]) -> AdamState:
    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    return AdamState(jnp.zeros([], jnp.int32), zeros, zeros)


def adam_update(grads: Mlp[In, Hid, Out], state: AdamState, lr: float, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> tuple[Mlp[In, Hid, Out], AdamState]:
    mu = jax.tree_util.tree_map(lambda g, m: b1 * m + (1 - b1) * g, grads, state.mu)
    nu = jax.tree_util.tree_map(lambda g, v: b2 * v + (1 - b2) * g**2, grads, state.nu)
    count = state.count + 1
    mu_hat = jax.tree_util.tree_map(lambda m: m / (1 - b1**count), mu)
    nu_hat = jax.tree_util.tree_map(lambda v: v / (1 - b2**count), nu)
    updates = jax.tree_util.tree_map(lambda m, v: -lr * m / (jnp.sqrt(v) + eps), mu_hat, nu_hat)
    return updates, AdamState(count, mu, nu)


def train(params: Mlp[In, Hid, Out], x: NDArray[np.float32, B, In], y: NDArray[np.float32, B, Out], steps: int) -> tuple[Mlp[In, Hid, Out], list[float]]:
    def loss_fn(p: Mlp[In, Hid, Out]) -> jax.Array:
        return jnp.mean((predict(p, x) - y) ** 2)

    state, history = adam_init(params), []
    for _ in range(steps):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, state = adam_update(grads, state, lr=1e-2)
        params = jax.tree_util.tree_map(lambda p, u: p + u, params, updates)
        history.append(float(loss))
    return params, history


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(1), 3)
    params = Mlp(Dense(jax.random.normal(k1, (4, 24)) * 0.3, jnp.zeros(24)), Dense(jax.random.normal(k2, (24, 3)) * 0.3, jnp.zeros(3)))
    x = jax.random.normal(k3, (40, 4))
    y = jnp.stack([x[:, 0] * x[:, 1], jnp.cos(x[:, 2]), x[:, 3]], axis=-1)
    params, history = train(params, x, y, steps=150)
    assert params.hidden.w.shape == (4, 24) and params.out.b.shape == (3,)
    assert predict(params, x).shape == (40, 3)
    assert history[-1] < 0.3 * history[0]


if __name__ == "__main__":
    main()
