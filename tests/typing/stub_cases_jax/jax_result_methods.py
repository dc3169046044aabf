"""Methods and operators of a jax result (ndtyping's jax.Array subclass, `jnp.dot(x, w)`) follow
NDArray's shape rules and give jax arrays again: `.T`, reductions with a literal axis, operators
between two jax results, indexing, comparisons (not `==`, which stays jax's own), `.at[]`, `.shape`. Each shape is checked
by an assignment that must pass and one (marked) that must fail, so an unknown shape fails too."""

from typing import Any, Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32, int32, int64

N = DimensionVar("N")
D = DimensionVar("D")
E = DimensionVar("E")
One = Literal[1]


def methods(x: NDArray[float32, N, D], w: NDArray[float32, D, E]) -> jax.Array:
    h = jnp.dot(x, w)
    a: NDArray[float32, E, N] = h.T
    a_: NDArray[float32, N, E] = h.T  # pyright: ignore[reportAssignmentType]
    b: NDArray[float32, E, N] = h.mT
    b_: NDArray[float32, N, E] = h.mT  # pyright: ignore[reportAssignmentType]
    c: NDArray[float32, E] = h.mean(axis=0)
    c_: NDArray[float32, N] = h.mean(axis=0)  # pyright: ignore[reportAssignmentType]
    d: NDArray[float32, N, One] = h.sum(axis=-1, keepdims=True)
    d_: NDArray[float32, N, E] = h.sum(axis=-1, keepdims=True)  # pyright: ignore[reportAssignmentType]
    e: NDArray[int32, N] = h.argmax(axis=-1)
    e_: NDArray[int32, E] = h.argmax(axis=-1)  # pyright: ignore[reportAssignmentType]
    f: NDArray[float32, E, N] = h.swapaxes(0, 1)
    f_: NDArray[float32, N, E] = h.swapaxes(0, 1)  # pyright: ignore[reportAssignmentType]
    g: NDArray[float32, N, E] = h.at[0].set(1.0)
    g_: NDArray[float32, E, N] = h.at[0].set(1.0)  # pyright: ignore[reportAssignmentType]
    n, _ = h.shape
    size: int = n  # an unbounded dimension's size is a DimSize[N]: an int naming its dimension
    print(a, a_, b, b_, c, c_, d, d_, e, e_, f, f_, g, g_)
    return h.sum(axis=0)  # still a jax.Array


def operators(x: NDArray[float32, N, D], w: NDArray[float32, D, E], v: NDArray[float32, E]) -> None:
    h = jnp.dot(x, w)
    a: NDArray[float32, N, E] = h + h
    a_: NDArray[float32, E, N] = h + h  # pyright: ignore[reportAssignmentType]
    b: NDArray[float32, N, E] = -h * v
    b_: NDArray[float32, E, N] = -h * v  # pyright: ignore[reportAssignmentType]
    c: NDArray[bool_, N, E] = h <= h
    c_: NDArray[bool_, E, N] = h <= h  # pyright: ignore[reportAssignmentType]
    d: NDArray[float32, N, D] = h @ w.T
    d_: NDArray[float32, N, E] = h @ w.T  # pyright: ignore[reportAssignmentType]
    e: NDArray[float32, N] = h[:, 0]
    e_: NDArray[float32, E] = h[:, 0]  # pyright: ignore[reportAssignmentType]
    f: NDArray[float32, N, One, E] = h[:, None]
    f_: NDArray[float32, N, E] = h[:, None]  # pyright: ignore[reportAssignmentType]
    g: NDArray[bool_, N, E] = abs(h) > 0.0
    g_: NDArray[float32, N, E] = abs(h) > 0.0  # pyright: ignore[reportAssignmentType]
    print(a, a_, b, b_, c, c_, d, d_, e, e_, f, f_, g, g_)


def mismatches(x: NDArray[float32, N, D], w: NDArray[float32, D, E]) -> None:
    h = jnp.dot(x, w)
    h @ x  # pyright: ignore[reportOperatorIssue]  # (N, E) @ (N, D)
    h + h.T  # pyright: ignore[reportOperatorIssue]
    h.T - jnp.tanh(h)  # pyright: ignore[reportOperatorIssue]
    h.mean(axis=0) * x  # pyright: ignore[reportOperatorIssue]  # (E,) against (N, D)


def mixed_dtypes(x: NDArray[float32, N, D], freq: NDArray[float32, D]) -> None:
    positions = jnp.argmax(x, axis=-1)  # int32 (N,)
    table: NDArray[Any, N, D] = positions[:, None] * freq[None, :]  # int32 by float32: the dtype unknown
    table_: NDArray[Any, N, N] = positions[:, None] * freq[None, :]  # pyright: ignore[reportAssignmentType]
    print(table, table_)
    positions * freq  # pyright: ignore[reportOperatorIssue]  # (N,) against (D,), int32 by float32


def index_and_division_dtypes(x: NDArray[float32, N, D]) -> None:
    """jax's index results are its default int (int32 without x64), and `/` of integers gives its
    default float (float32), as jax computes them (run on jax 0.10 and 0.12)."""
    h = jnp.dot(x, x.T)  # float32 (N, N)
    positions = h.argmax(axis=-1)  # int32 (N,)
    a: NDArray[int32, N, N] = h.argsort(axis=-1)
    a_: NDArray[int64, N, N] = h.argsort(axis=-1)  # pyright: ignore[reportAssignmentType]
    b: NDArray[int32, Any] = h.nonzero()[0]
    b_: NDArray[int64, Any] = h.nonzero()[0]  # pyright: ignore[reportAssignmentType]
    c: NDArray[float32, N] = positions / 2
    c_: NDArray[int32, N] = positions / 2  # pyright: ignore[reportAssignmentType]
    d: NDArray[float32, N] = positions / positions
    d_: NDArray[int32, N] = positions / positions  # pyright: ignore[reportAssignmentType]
    e: NDArray[float32, N] = 1 / (positions + 1)
    e_: NDArray[int32, N] = 1 / (positions + 1)  # pyright: ignore[reportAssignmentType]
    f: NDArray[float32, N, N] = h / 2.0  # floats keep their dtype
    print(a, a_, b, b_, c, c_, d, d_, e, e_, f)
