"""A jax result (`jnp.dot(x, w)`, ndtyping's jax.Array subclass) with an NDArray on either side of an
operator keeps the shape: with the jax result on the left its own operators answer (a jax result
again, read as an NDArray by `nd`), on the right NDArray's reflected ones."""

from typing import TypeVar

import jax.numpy as jnp
import numpy as np
from typing_extensions import TypeVarTuple, Unpack, assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32

N = DimensionVar("N")
D = DimensionVar("D")
E = DimensionVar("E")
DT = TypeVar("DT", bound=np.generic)
S = TypeVarTuple("S")


def nd(a: NDArray[DT, Unpack[S]]) -> NDArray[DT, Unpack[S]]:
    """The same dtype and shape, as an NDArray (a jax result is ndtyping's jax.Array subclass)."""
    return a


def dense(x: NDArray[float32, N, D], w: NDArray[float32, D, E], b: NDArray[float32, E]) -> NDArray[float32, N, E]:
    h = jnp.dot(x, w)
    # with h on the left the result is a jax result again (ShapedJaxArray, a jax.Array)
    r1: NDArray[float32, N, E] = h + b
    assert_type(b + h, NDArray[float32, N, E])
    r2: NDArray[float32, N, E] = jnp.tanh(h) * b
    r3: NDArray[bool_, N, E] = h > b
    assert_type(b < h, NDArray[bool_, N, E])
    return jnp.dot(x, w) + b


def dense_mismatch(x: NDArray[float32, N, D], w: NDArray[float32, D, E], wrong: NDArray[float32, D]) -> None:
    jnp.dot(x, w) + wrong  # pyright: ignore[reportOperatorIssue]  # E against D
    wrong - jnp.dot(x, w)  # pyright: ignore[reportOperatorIssue]


def same_shape(x: NDArray[float32, N, D]) -> None:
    r: NDArray[float32, N, D] = jnp.exp(x) - x
    assert_type(x - jnp.exp(x), NDArray[float32, N, D])


def unknown_sizes(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    n, d = x.shape
    size: int = n  # a DimSize[N]: an int naming its dimension
    return jnp.zeros((n, d), dtype=jnp.float32)  # jnp.float32 is Any to pyright: a jax.Array
