"""A two-layer MLP in JAX with a jitted training step, fully shape-annotated.

pyright checks the shapes through the NDArray annotations and NDArray's operators (`@`, `+`,
`.mean()`...); `@check` checks them again when jax traces the functions (once per input shape,
so the jitted step pays nothing per call). With ndtyping's stubs (`ndtyping check`), jax.numpy
and jax.nn functions take NDArray values and carry their shapes through.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, check, float32

Batch = DimensionVar("Batch", bound=int)
In = DimensionVar("In", bound=int)
Hidden = DimensionVar("Hidden", bound=int)
Out = DimensionVar("Out", bound=int)


@check
def dense(
    x: NDArray[float32, Batch, In], w: NDArray[float32, In, Out], b: NDArray[float32, Out]
) -> NDArray[float32, Batch, Out]:
    return x @ w + b


@check
def gelu(x: NDArray[float32, Batch, Hidden]) -> NDArray[float32, Batch, Hidden]:
    return jax.nn.gelu(x)


@check
def mlp(
    x: NDArray[float32, Batch, In],
    w1: NDArray[float32, In, Hidden],
    b1: NDArray[float32, Hidden],
    w2: NDArray[float32, Hidden, Out],
    b2: NDArray[float32, Out],
) -> NDArray[float32, Batch, Out]:
    return dense(gelu(dense(x, w1, b1)), w2, b2)


@check
def loss(
    w1: NDArray[float32, In, Hidden],
    b1: NDArray[float32, Hidden],
    w2: NDArray[float32, Hidden, Out],
    b2: NDArray[float32, Out],
    x: NDArray[float32, Batch, In],
    y: NDArray[float32, Batch, Out],
) -> NDArray[float32]:
    """Mean squared error of the predictions (a scalar: no axes)."""
    error = mlp(x, w1, b1, w2, b2) - y
    return (error * error).mean()


Params = tuple[Any, Any, Any, Any]  # (w1, b1, w2, b2): their sizes are only known at runtime


@jax.jit
def train_step(params: Params, x: jax.Array, y: jax.Array) -> tuple[Params, jax.Array]:
    """One step of gradient descent; `loss` and `mlp` are checked when jax traces this."""
    value, grads = jax.value_and_grad(loss, argnums=(0, 1, 2, 3))(*params, x, y)
    updated = tuple(p - 0.1 * g for p, g in zip(params, grads))
    return (updated[0], updated[1], updated[2], updated[3]), value


def init(n_in: int, n_hidden: int, n_out: int, seed: int = 0) -> Params:
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    w1 = jax.random.normal(k1, (n_in, n_hidden), jnp.float32) / jnp.sqrt(n_in)
    w2 = jax.random.normal(k2, (n_hidden, n_out), jnp.float32) / jnp.sqrt(n_hidden)
    return w1, jnp.zeros(n_hidden, jnp.float32), w2, jnp.zeros(n_out, jnp.float32)


if __name__ == "__main__":
    params = init(n_in=4, n_hidden=8, n_out=2)
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 4), jnp.float32)
    y = x[:, :2] * 2.0
    for step in range(3):
        params, value = train_step(params, x, y)
        print(f"step {step}: loss {float(value):.4f}")
    print("mlp:", x.shape, "->", jax.jit(mlp)(x, *params).shape)
