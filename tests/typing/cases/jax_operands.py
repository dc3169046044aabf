# case requires: jax >= 0.5 -- jax < 0.5 types every operator of jax.Array as returning jax.Array (the static layer needs jax >= 0.5)
"""A jax.Array on the left of an operator and an NDArray on the right (jax's operators do not
take the NDArray protocol, so NDArray's reflected operators answer)."""

from typing import Any, Literal

import jax
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32

N = DimensionVar("N")
M = DimensionVar("M")
E = DimensionVar("E")
Seq = DimensionVar("Seq", bound=int)


def jax_left(j: jax.Array, x: NDArray[float32, N, M], w: NDArray[float32, M, E], u: NDArray[float32, M]) -> NDArray[float32, N, E]:
    # an operand of unknown shape is read gradually, as in `x + j`: the result has x's shape
    assert_type(j + x, NDArray[float32, N, M])
    assert_type(x + j, NDArray[float32, N, M])
    assert_type(j - x, NDArray[float32, N, M])
    assert_type(j * x, NDArray[float32, N, M])
    assert_type(j / x, NDArray[float32, N, M])
    assert_type(j ** x, NDArray[float32, N, M])
    assert_type(j < x, NDArray[bool_, N, M])
    # an operand of unknown shape on either side of `@` gives an unknown shape (read as (..., E),
    # an unknown operand on the right made `img @ LUMA` one axis too many: docs/static.md)
    assert_type(j @ w, NDArray[float32, Unpack[tuple[Any, ...]]])
    j @ u
    return j @ w


def jax_int_dims(j: jax.Array, q: NDArray[float32, Seq, Literal[4]]) -> None:
    q.shape[-1] + 1
    assert_type(j * q, NDArray[float32, Seq, Literal[4]])
