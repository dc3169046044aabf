"""Code typed with jax's own `jax.typing.ArrayLike` (optax's style: no NDArray in sight) checks as it
does without ndtyping. pyright tries each member of a union argument on its own, so every member of
ArrayLike must meet an overload: a Python `complex` branch of `jnp.where` met none, and
`jnp.where(norm <= min_norm, jnp.ones_like(x), x)` with `x: ArrayLike` was an error."""

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32, int32
from ndtyping._surface.ndarray import DimSize

N = DimensionVar("N")


def safe_norm(x: jax.typing.ArrayLike, min_norm: jax.typing.ArrayLike) -> jax.Array:
    norm = jnp.linalg.norm(x, keepdims=True)
    x = jnp.where(norm <= min_norm, jnp.ones_like(x), x)
    masked_norm = jnp.linalg.norm(x, keepdims=True)
    return jnp.where(norm <= min_norm, min_norm, masked_norm)


def complex_branch(mask: jax.Array, x: jax.Array) -> None:
    jnp.where(mask, x, 1j)
    jnp.where(mask, 1j, x)


def masked_by_an_ndarray(mask: NDArray[float32, N], x: NDArray[float32, N], y: jax.typing.ArrayLike) -> None:
    assert_type(jnp.where(mask > 0, x, 1j).shape, tuple[DimSize[N]])
    jnp.where(mask > 0, x, y)


def takes_array_like(x: jax.typing.ArrayLike) -> jax.Array:
    return jnp.asarray(x)


def ndarrays_are_array_like(a: NDArray[float32, N], b: NDArray[int32, N, N], c: NDArray[bool_, N]) -> None:
    takes_array_like(a)
    takes_array_like(b.T)
    takes_array_like(c)
    takes_array_like(a[0])


def arithmetic_on_array_like(m: jax.typing.ArrayLike, r: jax.typing.ArrayLike) -> None:
    # optax's matrix_inverse_pth_root: each member of the union meets each of the other's
    damped = m + r * jnp.eye(3)
    scaled = (1 - r) * m + r * m / 2
    takes_array_like(damped)
    takes_array_like(scaled)


def array_like_arguments(x: jax.Array, m: jax.typing.ArrayLike, w: jax.typing.ArrayLike | None) -> None:
    # optax's losses: an ArrayLike passed on to jax.numpy, whose own parameters name jax's ArrayLike
    takes_array_like(jnp.sum(x, where=w))
    takes_array_like(jnp.clip(x, min=m))
    takes_array_like(jnp.asarray(m).T)


def zero_d_branches(m: jax.Array, s: np.float32, mask: npt.NDArray[np.bool_]) -> None:
    # two numpy scalars as branches take the mask's shape, unknown here: jax's Array, not a 0-d
    # array (whose `.shape[0]` was an error)
    r = jnp.where(m, s, 0.0)
    assert_type(r, jax.Array)
    takes_array_like(r.shape[0])
    q = jnp.where(mask, np.float32(1.0), s)
    takes_array_like(q.sum(axis=0))


def all_three_array_like(c: jax.typing.ArrayLike, a: jax.typing.ArrayLike, b: jax.typing.ArrayLike) -> None:
    # optax's schedules and losses: jax's own Array, as without ndtyping. pyright tried each member of
    # each union against every shape rule, gave up (too many combinations) and reported no overload
    assert_type(jnp.where(c, a, b), jax.Array)
    assert_type(jnp.maximum(a, b), jax.Array)
    assert_type(jnp.exp(a), jax.Array)
    assert_type(jnp.zeros_like(a), jax.Array)


def plain_calls_stay_plain(x: jax.Array, n: npt.NDArray[np.float32]) -> None:
    # no ndtyping array among the arguments: jax's own Array, in the first overload pyright tries
    assert_type(jnp.where(x > 0, x, n), jax.Array)
    assert_type(jnp.add(n, 1.0), jax.Array)
    assert_type(jnp.clip(n, min=0.0), jax.Array)


def numpy_scalars_are_array_like(f: np.float32, i: np.integer, n: np.number, b: np.bool_) -> None:
    # jax's ArrayLike names numpy's scalars by a base class of np.number that has no bit width
    # (ndtyping's overlay): every numpy scalar is still one, and their arithmetic is numpy's own
    takes_array_like(f)
    takes_array_like(i)
    takes_array_like(n)
    takes_array_like(b)
    assert_type(f + 1, np.float32)
    assert_type(f.item(), float)


def join_schedules(step: jax.typing.ArrayLike, first: jax.typing.ArrayLike, boundaries: list[int]) -> jax.Array:
    # optax's loop: the value carried through jnp.where is an ArrayLike on the first round
    output = first
    for boundary in boundaries:
        output = jnp.where(jnp.asarray(step) < boundary, output, first)
    return jnp.asarray(output)


def array_like_operators(x: jax.typing.ArrayLike, y: jax.typing.ArrayLike) -> None:
    takes_array_like(x * 2 + y)
    takes_array_like(abs(x))
    takes_array_like(x**2 - y / 3)
