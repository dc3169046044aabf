"""With the jax overlay (issue 15): a computed size is Any, never int; literal sizes stay literal."""

from typing import Any, Literal

import jax
import jax.numpy as jnp
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32, int32

Rank = DimensionVar("Rank")
Out = DimensionVar("Out")
N = DimensionVar("N")


def lora_b(a: NDArray[float32, Rank, Out], rank: int, d_out: int) -> NDArray[float32, Rank, Out]:
    b: NDArray[float32, Rank, Out] = jnp.zeros((rank, d_out))  # was NDArray[float32, int, int]
    return b


def sizes(n: int, x: NDArray[float32, N, Out]) -> None:
    a, b = x.shape
    z: NDArray[float32, Any, Any] = jnp.zeros((n, n))
    o: NDArray[float32, Any] = jnp.ones((n,))
    e: NDArray[int32, Any, Any] = jnp.empty((a, b), dtype=jnp.int32)
    f: NDArray[float32, Any] = jnp.full(n, 0.5)
    lit: NDArray[float32, Literal[2], Literal[3]] = jnp.zeros((2, 3))
    vec: NDArray[float32, Literal[4]] = jnp.ones(4)
    bad: NDArray[float32, Literal[3], Literal[2]] = jnp.zeros((2, 3))  # pyright: ignore[reportAssignmentType]
    assert_type(jnp.zeros((n, 3)).shape, tuple[Any, Any])


def sizes_typed_any(x: NDArray[float32, N, Out]) -> NDArray[float32, Out]:
    # one size typed Any (an unbounded dimension's): the result was Unknown (an Any argument matched
    # every rank, and the results differ), an error in strict mode; now jax's own Array
    n, d = x.shape
    w = jnp.zeros(d)
    assert_type(w, jax.Array)
    assert_type(jnp.ones(x.shape[1]), jax.Array)
    assert_type(jnp.arange(n), jax.Array)
    return w
