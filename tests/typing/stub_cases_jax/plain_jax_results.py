"""jax.numpy functions given a plain `jax.Array` (no NDArray in sight) return jax's own `Array`, as
they do without ndtyping: typed `NDArray[Any, ...]`, a dict comprehension of `jnp.zeros_like(v)` was
no `dict[str, jax.Array]` (dict is invariant in its values), and plain code that passes such a dict
on was rejected. NDArray values and jax results of known shape keep their shapes."""

from typing import Literal, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32
from ndtyping._surface.ndarray import DimSize

N = DimensionVar("N")
D = DimensionVar("D")


class AdamState(NamedTuple):
    mu: dict[str, jax.Array]
    nu: dict[str, jax.Array]


def init_state(params: dict[str, jax.Array]) -> AdamState:
    zeros = {k: jnp.zeros_like(v) for k, v in params.items()}
    assert_type(zeros, dict[str, jax.Array])
    return AdamState(zeros, dict(zeros))


def plain(v: jax.Array) -> None:
    assert_type(jnp.zeros_like(v), jax.Array)
    assert_type(jnp.ones_like(v, dtype=jnp.int32), jax.Array)
    assert_type(jnp.full_like(v, 2.0), jax.Array)
    assert_type(jnp.exp(v), jax.Array)
    assert_type(jnp.abs(v), jax.Array)
    assert_type(jnp.clip(v, 0.0, 1.0), jax.Array)
    assert_type(jnp.maximum(v, 0.0), jax.Array)
    assert_type(jnp.maximum(0.0, v), jax.Array)
    assert_type(jnp.divide(v, v), jax.Array)
    squares = {k: jnp.square(v) for k in ("a", "b")}
    assert_type(squares, dict[str, jax.Array])


def shaped(x: NDArray[float32, N, D], v: jax.Array) -> None:
    # ndtyping's arrays keep their shapes and dtypes (jax results: ShapedJaxArray, shown by .shape)
    assert_type(jnp.zeros_like(x).shape, tuple[DimSize[N], DimSize[D]])
    assert_type(jnp.exp(x).shape, tuple[DimSize[N], DimSize[D]])
    assert_type(jnp.maximum(x, 0.0).shape, tuple[DimSize[N], DimSize[D]])
    assert_type(jnp.exp(jnp.zeros((2, 3))).shape, tuple[Literal[2], Literal[3]])
    assert_type(jnp.exp(x).dtype, np.dtype[float32])
