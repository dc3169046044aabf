"""What the jax overlay infers, function by function (strict). Results are jax arrays that
pyright knows the dtype and shape of: each is assigned to the NDArray it must be, and a wrong
shape is an error."""

from typing import Any, Literal

import jax
import jax.numpy as jnp
import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32, int32

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
L1 = Literal[1]
L2 = Literal[2]
L3 = Literal[3]


def reductions(x: NDArray[float32, N, M, K], i: NDArray[int32, N, M]) -> None:
    a: NDArray[float32, M, K] = jnp.sum(x, axis=0)
    b: NDArray[float32, N, M] = jnp.mean(x, axis=-1)
    c: NDArray[float32, N, L1, K] = jnp.max(x, axis=1, keepdims=True)
    d: NDArray[np.bool_, N, M] = jnp.any(x, axis=2)
    e: NDArray[np.int32, M, K] = jnp.argmax(x, axis=0)
    f: NDArray[float32, M] = jnp.mean(i, axis=0)
    g: NDArray[float32] = jnp.sum(x)
    h: NDArray[float32, N, K] = jnp.sum(x, axis=0)  # pyright: ignore[reportAssignmentType]


def layout(x: NDArray[float32, N, M], y: NDArray[float32, N, M, K]) -> None:
    a: NDArray[float32, M, N] = jnp.transpose(x)
    b: NDArray[float32, K, M, N] = jnp.swapaxes(y, 0, 2)
    c: NDArray[float32, M, K, N] = jnp.moveaxis(y, 0, -1)
    d: NDArray[float32, L1, N, M] = jnp.expand_dims(x, 0)
    e: NDArray[float32, L2, L3] = jnp.reshape(x, (2, 3))
    f: NDArray[float32, N, M] = jnp.transpose(x)  # pyright: ignore[reportAssignmentType]


def squeeze(x: NDArray[float32, N, L1, M]) -> None:
    a: NDArray[float32, N, M] = jnp.squeeze(x, axis=1)


def products(a: NDArray[float32, N, K], b: NDArray[float32, K, M], v: NDArray[float32, K]) -> None:
    c: NDArray[float32, N, M] = jnp.matmul(a, b)
    d: NDArray[float32, N] = jnp.dot(a, v)
    e: NDArray[float32] = jnp.vecdot(v, v)
    f: NDArray[float32, N, M] = jnp.einsum("ij,jk->ik", a, b)
    g: NDArray[float32, M, N] = jnp.einsum("ij,jk->ik", a, b)  # pyright: ignore[reportAssignmentType]
    # Two ndtyping arrays whose shapes fit no matrix product are an error (jax's own signature no
    # longer takes them); a numpy array or an Any on one side still gets jax's Array.
    jnp.matmul(b, a)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.dot(b, a)  # pyright: ignore[reportCallIssue, reportArgumentType]
    assert_type(jnp.matmul(a, np.zeros((3, 4))), jax.Array)


def elementwise(x: NDArray[float32, N, M], v: NDArray[float32, M]) -> None:
    a: NDArray[float32, N, M] = jnp.add(x, x)
    b: NDArray[float32, N, M] = jnp.multiply(x, 2.0)
    c: NDArray[float32, N, M] = jnp.subtract(x, v)
    d: NDArray[float32, N, M] = jnp.exp(x)
    e: NDArray[float32, N, M] = jnp.where(x > 0, x, 0.0)
    f: NDArray[float32, N, M] = jnp.clip(x, 0.0, 1.0)
    g: NDArray[float32, N, M] = jnp.divide(x, 2.0)
    h: NDArray[float32, M, N] = jnp.exp(x)  # pyright: ignore[reportAssignmentType]


def creation(x: NDArray[float32, N, M]) -> None:
    a: NDArray[float32, L2, L3] = jnp.zeros((2, 3))
    b: NDArray[np.int8, L2, L3] = jnp.ones((2, 3), dtype=np.int8)
    c: NDArray[float32, N, M] = jnp.zeros_like(x)
    d: NDArray[float32, N, M] = jnp.full_like(x, 2.0)
    e: NDArray[np.int32, L2, L3] = jnp.full((2, 3), 7)
    f: NDArray[float32, Any, Any] = jnp.eye(3)
    g: NDArray[np.int32, Any] = jnp.arange(5)
    h: NDArray[float32, L3, L2] = jnp.zeros((2, 3))  # pyright: ignore[reportAssignmentType]


def joins(v: NDArray[float32, M], x: NDArray[float32, N, M]) -> None:
    a: NDArray[float32, Any, M] = jnp.stack([v, v])
    b: NDArray[float32, Any, M] = jnp.concatenate([x, x])


def activations(x: NDArray[float32, N, M]) -> None:
    a: NDArray[float32, N, M] = jax.nn.relu(x)
    b: NDArray[float32, N, M] = jax.nn.gelu(x)
    c: NDArray[float32, N, M] = jax.nn.softmax(x, axis=-1)
    d: NDArray[float32, N, M] = jax.nn.log_softmax(x)
    e: NDArray[float32, N, M] = jax.nn.tanh(x)
    f: NDArray[float32, M, N] = jax.nn.sigmoid(x)  # pyright: ignore[reportAssignmentType]


def still_jax_arrays(x: NDArray[float32, N, M]) -> jax.Array:
    """The results are jax arrays too: jax's own methods and jax.Array parameters accept them."""
    y = jnp.zeros((3,)).at[0].set(1.0)
    return jnp.exp(x).at[0].set(y[0])


def plain_jax(a: jax.Array, u: Any) -> jax.Array:
    """Unknown shapes stay unknown; `Any` arguments keep jax's own `Array` result."""
    n, m = jnp.transpose(a).shape
    r: jax.Array = jnp.sum(u, axis=0)
    return jnp.matmul(a, a) + r + n + m
