# case requires: jax >= 0.5 -- jax < 0.5 types every operator of jax.Array as returning jax.Array (the static layer needs jax >= 0.5)
"""Integer and bool NDArray values divided by a jax.Array (whose own `__rtruediv__` does not take an
NDArray): the forward `/` of integers keeps its rules for a 0-d operand, the same shape and an
operand of unknown shape (the held-out corpus 2's concordance index: `agree.sum() /
jnp.maximum(earlier.sum(), 1)` is a float64 array, of unknown shape); mixed dtypes against jax arrays."""

from typing import Any

import jax
import jax.numpy as jnp
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32, float64, int32

N = DimensionVar("N")
M = DimensionVar("M")


def divided(agree: NDArray[bool_, N, M], counts: NDArray[int32, N], total: NDArray[int32], j: jax.Array) -> None:
    assert_type(agree / j, NDArray[float64, N, M])
    # a vector or a scalar array met by a jax.Array (of unknown shape) has an unknown shape: the jax
    # array may have more axes (an array of rank 2 or more keeps its shape, as above)
    assert_type(counts / j, NDArray[float64, Unpack[tuple[Any, ...]]])
    assert_type(total / j, NDArray[float64, Unpack[tuple[Any, ...]]])
    ratio = float(total / jnp.maximum(j, 1))
    assert_type(counts / 2, NDArray[float64, N])


def mixed(x: NDArray[float32, N, M], mask: NDArray[bool_, N, M], j: jax.Array) -> None:
    assert_type(x * mask, NDArray[float32, N, M])
    assert_type(mask * x, NDArray[float32, N, M])
    assert_type(x * j, NDArray[float32, N, M])
    assert_type(mask * j, NDArray[bool_, N, M])
