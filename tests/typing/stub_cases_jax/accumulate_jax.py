"""jnp.cumsum and jnp.cumprod (and the methods of jax results) keep every integer and float dtype, and
accumulate bools in jax's default int (int32 without x64), as jax does at runtime. A matrix on the
left of a batch broadcasts over the batch's axes in `@` and jnp.matmul; operands of different dtypes
give an unknown dtype."""

from typing import Any

import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32, float64, int8, int32

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
B = DimensionVar("B")


def accumulated(i: NDArray[int32, N, M], small: NDArray[int8, N], flags: NDArray[bool_, N, M], f: NDArray[float32, N, M]) -> None:
    # (jax results are jax arrays, so their types are checked by assignment)
    a: NDArray[int32, N, M] = jnp.cumprod(i, axis=1)
    b: NDArray[int8, Any] = jnp.cumsum(small)
    c: NDArray[int32, N, M] = jnp.cumsum(flags, axis=0)
    d: NDArray[float32, N, M] = jnp.cumsum(f, axis=1)
    e: NDArray[int32, N, M] = (jnp.exp(f) > 0).cumsum(axis=0)
    g: NDArray[float32, N, M] = jnp.exp(f).cumprod(axis=1)
    wrong: NDArray[bool_, N, M] = jnp.cumsum(flags, axis=0)  # pyright: ignore[reportAssignmentType]
    narrowed: NDArray[int8, N, M] = jnp.cumsum(i, axis=0)  # pyright: ignore[reportAssignmentType]


def matmul_broadcast(d: NDArray[float32, K, K], blocks: NDArray[float32, B, N, K, K], x: NDArray[float32, B, K, M], w64: NDArray[float64, M, K]) -> None:
    a: NDArray[float32, B, N, K, K] = jnp.matmul(d, blocks)
    b: NDArray[float32, B, N, K, K] = jnp.exp(d) @ blocks
    e = jnp.exp(x)
    c: NDArray[float32, B, K, M] = d @ e
    f: NDArray[Any, B, K, K] = e @ w64
    g: NDArray[Any, B, K, M] = e @ w64  # pyright: ignore[reportAssignmentType]  # (B, K, K)
    e @ d  # pyright: ignore[reportOperatorIssue]  # (B, K, M) @ (K, K): M against K
