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


def sizes_typed_any(x: NDArray[float32, N, Out], n: Any, d: Any) -> NDArray[float32, Out]:
    # one size typed Any: the result was Unknown (an Any argument matched every rank, and the
    # results differ), an error in strict mode; now jax's own Array
    w = jnp.zeros(d)
    assert_type(w, jax.Array)
    assert_type(jnp.ones(d), jax.Array)
    assert_type(jnp.arange(n), jax.Array)
    return w


# Sizes from `x.shape` of unbounded dimensions are DimSizes (ints naming their dimensions): the
# creation functions give the dimensions back (issue 15, session 8: they were Any)
def sizes_from_the_shape(x: NDArray[float32, N, Out], labels: NDArray[int32, N], dtype: Any) -> None:
    n, d = x.shape
    z: NDArray[float32, N, Out] = jnp.zeros((n, d))
    z_: NDArray[float32, Out, N] = jnp.zeros((n, d))  # pyright: ignore[reportAssignmentType]
    o: NDArray[int32, N, Out] = jnp.ones(x.shape, dtype=int32)
    o_: NDArray[int32, Out, N] = jnp.ones(x.shape, dtype=int32)  # pyright: ignore[reportAssignmentType]
    f: NDArray[float32, N] = jnp.full(n, 0.5)
    f_: NDArray[float32, Out] = jnp.full(n, 0.5)  # pyright: ignore[reportAssignmentType]
    e: NDArray[float32, Out, Out] = jnp.eye(d)
    e_: NDArray[float32, N, N] = jnp.eye(d)  # pyright: ignore[reportAssignmentType]
    r: NDArray[int32, N] = jnp.arange(x.shape[0])
    r_: NDArray[int32, Out] = jnp.arange(x.shape[0])  # pyright: ignore[reportAssignmentType]
    h: NDArray[float32, N, Out] = jax.nn.one_hot(labels, d)
    h_: NDArray[float32, N, N] = jax.nn.one_hot(labels, d)  # pyright: ignore[reportAssignmentType]
    mixed: NDArray[float32, Out, Literal[3]] = jnp.zeros((n, 3))  # mixed sizes: Any
    # a dtype typed Any (`dtype=jnp.float32`: jax's dtypes are Any to pyright): jax's Array, not Unknown
    assert_type(jnp.zeros((n, d), dtype=dtype), jax.Array)
    assert_type(jnp.zeros(x.shape, dtype=dtype), jax.Array)


def sizes_in_the_wrong_order(x: NDArray[float32, N, Out]) -> NDArray[float32, N, Out]:
    n, d = x.shape
    return jnp.zeros((d, n))  # pyright: ignore[reportReturnType]
