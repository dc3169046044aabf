"""Joining jax arrays (issue 15): jnp.concatenate, stack, hstack, vstack, column_stack, append, split.

Correct calls keep the shapes they can (results are jax arrays, assigned to the NDArray they must
be); a literal-axis join whose arrays' known shapes differ on an axis that must agree is an error
(its result is ShapesDoNotConcatenate / ShapesDoNotStack, which no use accepts: the error is on
its first use); a computed axis, an `int` size, `Any` and a plain jax.Array never are.
Each `pyright: ignore` marks an error the overlay must report (an unneeded ignore is an error).
"""

from collections.abc import Sequence
from typing import Any, Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
D = DimensionVar("D")
D1 = DimensionVar("D1")
D2 = DimensionVar("D2")
E = DimensionVar("E")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")


def concatenate_keeps_the_other_axes(
    a: NDArray[float32, B, D1], b: NDArray[float32, B, D2], x: NDArray[float32, B, C, H, W], y: NDArray[float32, B, C, H, W]
) -> None:
    r1: NDArray[float32, B, Any] = jnp.concatenate([a, b], axis=1)
    r2: NDArray[float32, B, Any] = jnp.concatenate((a, b, a), axis=-1)
    r3: NDArray[float32, Any, C, H, W] = jnp.concatenate([x, y])
    r4: NDArray[float32, B, C, Any, W] = jnp.concatenate([x, y], axis=2)
    r5: NDArray[float32, B, C, H, Any] = jnp.concatenate([x, y], axis=3)
    r6: NDArray[float32, B, Any, H, W] = jnp.concatenate([x, y], axis=-3)
    r7: NDArray[float32, B, C, W, Any] = jnp.concatenate([x, y], axis=3)  # pyright: ignore[reportAssignmentType]


def concatenate_accepts_what_it_cannot_check(
    a: NDArray[float32, B, D1], b: NDArray[float32, B, D2], axis: int, ones: NDArray[float32, int, Literal[1]],
    plain: jax.Array, anything: Any, many: Sequence[NDArray[float32, N, D]],
) -> None:
    jnp.concatenate([a, b], axis=axis)  # a computed axis: jax's own overloads
    # int sizes are unknown sizes (jnp.ones((n, 1)) with n: int)
    r1: NDArray[float32, B, Any] = jnp.concatenate([a, ones], axis=1)
    jnp.concatenate([ones, a], axis=0)
    jnp.concatenate([a, plain], axis=0)
    jnp.concatenate([a, anything], axis=0)
    jnp.concatenate(anything, axis=0)
    r2: NDArray[float32, Any, D] = jnp.concatenate(many)
    parts: list[NDArray[float32, N, D]] = []
    for item in many:
        parts.append(item)
    r3: NDArray[float32, Any, D] = jnp.concatenate(parts, axis=0)


def concatenate_along_the_wrong_axis(a: NDArray[float32, B, D1], b: NDArray[float32, B, D2]) -> NDArray[float32, B, Any]:
    joined = jnp.concatenate([a, b], axis=0)
    joined.sum()  # pyright: ignore[reportAttributeAccessIssue]  # D1 and D2 must agree
    # A known gap (docs/stubs.md): a call whose result meets a declared type directly (`return
    # jnp.concatenate(...)`, `x: NDArray[...] = jnp.concatenate(...)`) is solved from that type by
    # pyright, and the clash passes unseen.
    return jnp.concatenate([a, b], axis=0)


def concatenate_a_column_under_rows(values: NDArray[float32, N, E], last: NDArray[float32, E]) -> None:
    ok: NDArray[float32, Any, E] = jnp.concatenate([values[1:], last[None, :]], axis=0)
    joined = jnp.concatenate([values[1:], last[:, None]], axis=0)
    joined.sum()  # pyright: ignore[reportAttributeAccessIssue]  # (E, 1) under (N - 1, E)


def stack_places_the_new_axis(a: NDArray[float32, H, W], b: NDArray[float32, H, W], x: NDArray[float32, B, H, W, C]) -> None:
    r1: NDArray[float32, Any, H, W] = jnp.stack([a, b])
    r2: NDArray[float32, H, Any, W] = jnp.stack([a, b], axis=1)
    r3: NDArray[float32, H, W, Any] = jnp.stack([a, b], axis=-1)
    r4: NDArray[float32, B, H, W, Any, C] = jnp.stack([x, x], axis=3)
    r5: NDArray[float32, B, H, Any, W, C] = jnp.stack([x, x], axis=-3)


def stack_of_different_shapes(a: NDArray[float32, H, W], b: NDArray[float32, W, H], k: int) -> NDArray[float32, Any, H, W]:
    jnp.stack([a, b], axis=k)  # a computed axis
    return jnp.stack([a, b])  # pyright: ignore[reportReturnType]  # (H, W) and (W, H)


def hstack_vstack_column_stack(
    a: NDArray[float32, N, D1], b: NDArray[float32, N, D2], u: NDArray[float32, D], v: NDArray[float32, D], rows: NDArray[float32, N, D]
) -> None:
    r1: NDArray[float32, N, Any] = jnp.hstack([a, b])
    r2: NDArray[float32, Any] = jnp.hstack([u, v])
    r3: NDArray[float32, Any, D] = jnp.vstack([u, v])
    r4: NDArray[float32, Any, D] = jnp.vstack([rows, u])
    r5: NDArray[float32, D, Any] = jnp.column_stack([u, v])
    jnp.vstack([a, b]).sum()  # pyright: ignore[reportAttributeAccessIssue]


def append_with_an_axis(a: NDArray[float32, N, D], b: NDArray[float32, N, D], c: NDArray[float32, D, N]) -> None:
    r1: NDArray[float32, Any, D] = jnp.append(a, b, axis=0)
    r2: NDArray[float32, N, Any] = jnp.append(a, c.T, axis=1)


def split_keeps_the_other_axes(x: NDArray[float32, B, C, H, W]) -> None:
    r1: NDArray[float32, B, C, Any, W] = jnp.split(x, 2, axis=2)[0]
    r2: NDArray[float32, B, Any, H, W] = jnp.array_split(x, 3, axis=-3)[1]
