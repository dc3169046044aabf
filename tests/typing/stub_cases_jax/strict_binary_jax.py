"""jnp.add, subtract, multiply, maximum, minimum, divide and power of two ndtyping arrays of one rank
whose shapes clash are an error: they passed through jax's own definition, which takes any array.
Everything else jax took still passes: plain jax arrays, numpy arrays, scalars, `Any`, other ranks,
size-1 axes, and every dtype combination (a clash comes from shapes only)."""

from typing import Any, Literal

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, bool_, float16, float32, int8, int32

H = DimensionVar("H")
W = DimensionVar("W")
N = DimensionVar("N")


def clashes(
    x: NDArray[float32, H, W],
    y: NDArray[float32, W, H],
    i: NDArray[int32, W, H],
    c: NDArray[float32, N, H, W],
    d: NDArray[float32, H, N, W],
) -> None:
    jnp.add(x, y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.subtract(x, y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.multiply(x, y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.maximum(x, y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.minimum(x, y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.divide(x, y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.power(x, y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.add(x, i)  # pyright: ignore[reportCallIssue, reportArgumentType]  # two dtype families
    jnp.divide(i, x)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.add(c, d)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.add(jnp.exp(x), y)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.add(x, y.T)


def dtypes(
    x: NDArray[float32, H, W],
    i: NDArray[int32, H, W],
    b: NDArray[bool_, H, W],
    i8: NDArray[int8, H, W],
    f16: NDArray[float16, H, W],
) -> None:
    r: NDArray[Any, H, W] = jnp.add(x, i)  # two dtype families: the shape still holds
    r2: NDArray[Any, W, H] = jnp.add(x, i)  # pyright: ignore[reportAssignmentType]
    jnp.add(i, x)
    jnp.add(b, x)
    jnp.add(b, b)
    jnp.add(i8, i)
    jnp.add(f16, x)
    jnp.subtract(i, f16)
    jnp.multiply(b, i8)
    jnp.maximum(i8, x)
    jnp.minimum(b, i)
    jnp.divide(i, x)
    jnp.divide(b, b)
    jnp.power(x, i)
    jnp.power(i, 2)
    jnp.power(i, 0.5)


def accepted(
    x: NDArray[float32, H, W],
    col: NDArray[float32, H, Literal[1]],
    row: NDArray[float32, Literal[1], W],
    v: NDArray[float32, W],
    t: NDArray[float32, N, H, W],
    plain: jax.Array,
    npx: npt.NDArray[np.float32],
    anything: Any,
) -> None:
    jnp.maximum(col, row)  # a size 1 on each side
    jnp.maximum(x, col)
    jnp.maximum(x, v)
    jnp.maximum(v, x)  # the smaller first: an unknown shape
    jnp.maximum(t, x)
    jnp.maximum(x, t)
    jnp.add(x, plain)  # a jax.Array of unknown shape
    jnp.add(plain, x)
    jnp.add(x, npx)  # a numpy array
    jnp.add(npx, x)
    jnp.add(x, 1)  # numpy and Python scalars
    jnp.add(1.0, x)
    jnp.add(True, x)
    jnp.add(x, 1j)
    jnp.add(x, np.float32(2.0))
    jnp.maximum(x, 0.0)
    jnp.maximum(x, x.mean())
    jnp.maximum(x.sum(), x)  # a 0-d array
    jnp.add(x.T, x.T)
    jnp.add(x[None], x[:, None])
    # an `Any` argument: jax's Array, not Unknown (strict mode would report it)
    assert_type(jnp.add(anything, x), jax.Array)
    assert_type(jnp.add(x, anything), jax.Array)
    assert_type(jnp.divide(anything, x), jax.Array)
    assert_type(jnp.power(x, anything), jax.Array)


def plain_code(a: jax.Array, b: jax.Array, s: float, p: Any) -> jax.Array:
    assert_type(jnp.add(a, b), jax.Array)
    assert_type(jnp.divide(a, s), jax.Array)
    assert_type(jnp.power(s, a), jax.Array)
    assert_type(jnp.maximum(p, a), jax.Array)
    c: jax.Array = jnp.multiply(a, 2)
    return jnp.minimum(a, c)
