"""Mixed-precision training in JAX in the manner of jmp: float32 master parameters, the forward
pass computed in bfloat16 and cast back with .astype(x.dtype), a static loss scale applied to the
loss and removed from the gradients, and a finiteness check over the gradient leaves."""

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
In = DimensionVar("In")
Out = DimensionVar("Out")

COMPUTE_DTYPE = jnp.bfloat16


class Params(NamedTuple):
    w1: jax.Array
    b1: jax.Array
    w2: jax.Array
    b2: jax.Array


def dense(x: NDArray[np.float32, B, In], w: NDArray[np.float32, In, Out], b: NDArray[np.float32, Out]) -> NDArray[np.float32, B, Out]:
    y = x.astype(COMPUTE_DTYPE) @ w.astype(COMPUTE_DTYPE) + b.astype(COMPUTE_DTYPE)
    return y  # BUG: bfloat16 result returned where float32 is declared: the cast back is forgotten


def forward(p: Params, x: NDArray[np.float32, B, Any]) -> NDArray[np.float32, B, Any]:
    return dense(jax.nn.relu(dense(x, p.w1, p.b1)), p.w2, p.b2)


def scaled_loss(p: Params, x: NDArray[np.float32, B, Any], y: NDArray[np.float32, B, Any], loss_scale: float) -> jax.Array:
    return jnp.mean((forward(p, x) - y) ** 2) * loss_scale


def all_finite(tree: Params) -> jax.Array:
    return jnp.all(jnp.array([jnp.all(jnp.isfinite(g)) for g in jax.tree_util.tree_leaves(tree)]))


def train_step(p: Params, x: NDArray[np.float32, B, Any], y: NDArray[np.float32, B, Any], lr: float, loss_scale: float) -> tuple[Params, jax.Array]:
    grads = jax.grad(scaled_loss)(p, x, y, loss_scale)
    grads = jax.tree_util.tree_map(lambda g: g / loss_scale, grads)
    finite = all_finite(grads)
    new_p = jax.tree_util.tree_map(lambda w, g: jnp.where(finite, w - lr * g, w), p, grads)
    return new_p, finite


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(30), 3)
    p = Params(jax.random.normal(keys[0], (6, 32)) * 0.4, jnp.zeros(32), jax.random.normal(keys[1], (32, 2)) * 0.2, jnp.zeros(2))
    x = jax.random.normal(keys[2], (48, 6))
    y = jnp.stack([x[:, 0] - x[:, 1], jnp.abs(x[:, 2])], axis=-1)
    out = forward(p, x)
    assert out.shape == (48, 2) and out.dtype == jnp.float32
    before = float(jnp.mean((out - y) ** 2))
    for _ in range(200):
        p, finite = train_step(p, x, y, lr=0.05, loss_scale=2.0**10)
        assert bool(finite)
    assert p.w1.dtype == jnp.float32
    assert float(jnp.mean((forward(p, x) - y) ** 2)) < 0.5 * before


if __name__ == "__main__":
    main()
