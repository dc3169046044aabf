"""jnp.where with an ndtyping mask (an NDArray, or a jax result of known shape): the mask must
broadcast against the branches. Accepted: the same shape, a trailing mask of lower rank, size-1
axes, a mask larger than the branches, a 0-d mask, and masks that are not ndtyping arrays (a
jax.Array of unknown shape, numpy, a Python bool). A shaped mask that fits none is an error on the
line (held-out 3 and 4: `jnp.where(mask[:, None, :], 0.0, spec)`, (Batch, 1, Time) against
(Batch, Time, Freq); `jnp.where(labelled[None, :], y0, f)`, (1, N) against (N, C))."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from typing_extensions import Unpack

from ndtyping import DimensionVar, NDArray, bool_, float32

B = DimensionVar("B")
H = DimensionVar("H")
T = DimensionVar("T")
F = DimensionVar("F")
N = DimensionVar("N")
C = DimensionVar("C")


def accepted(
    x: NDArray[float32, N, C],
    accept: NDArray[bool_, N],
    row: NDArray[bool_, C],
    scores: NDArray[float32, B, H, T, T],
    causal: NDArray[bool_, T, T],
    pad: NDArray[bool_, B, T],
    vec: NDArray[float32, T],
    spec: NDArray[float32, B, T, F],
    untyped: jax.Array,
    flip: NDArray[bool_, B],
) -> None:
    r1: NDArray[float32, N, C] = jnp.where(accept[:, None], x, x)
    r2: NDArray[float32, N, C] = jnp.where(row[None, :], x, 0.0)
    r3: NDArray[float32, B, H, T, T] = jnp.where(causal, scores, -1e9)
    r4: NDArray[float32, B, H, T, T] = jnp.where(pad[:, None, None, :], scores, -1e9)
    r5: NDArray[float32, B, T, F] = jnp.where(pad[:, :, None], 0.0, spec)
    r6: NDArray[float32, N, C] = jnp.where(x.sum() > 0, x, 0.0)
    r7: NDArray[float32, N, C] = jnp.where(untyped, x, 0.0)
    r8: NDArray[float32, N, C] = jnp.where(np.ones(3) > 0, x, 0.0)
    r9: NDArray[float32, N, C] = jnp.where(True, x, 0.0)
    r10: NDArray[float32, B, T] = jnp.where(pad, vec, 0.0)  # a mask larger than the branches
    r11: jax.Array = jnp.where(untyped, untyped, 0.0)
    r12: tuple[jax.Array, ...] = jnp.where(accept)
    r13: NDArray[float32, B, H, T, T] = jnp.where(flip[:, None, None, None], scores, 0.0)  # per sample (realistic)


def rejected(x: NDArray[float32, N, C], accept: NDArray[bool_, N], spec: NDArray[float32, B, T, F], pad: NDArray[bool_, B, T]) -> None:
    jnp.where(accept[None, :], x, x)  # pyright: ignore[reportCallIssue, reportArgumentType]
    jnp.where(pad[:, None, :], 0.0, spec)  # pyright: ignore[reportCallIssue, reportArgumentType]
    mask = jnp.exp(pad) > 0  # a jax result of known shape
    jnp.where(mask[:, None, :], 0.0, spec)  # pyright: ignore[reportCallIssue, reportArgumentType]


def branches_of_different_shapes(x: NDArray[float32, N, C], pytree: dict[str, Any]) -> None:
    # a (C,) or (1, C) row filling an (N, C) array: accepted, of unknown shape
    r1: NDArray[float32, Unpack[tuple[Any, ...]]] = jnp.where(x > 0, x, x.mean(axis=0))
    r2: NDArray[float32, Unpack[tuple[Any, ...]]] = jnp.where(x > 0, x.mean(axis=0, keepdims=True), x)
    # a branch typed Any (a pytree's value): an array of unknown shape and dtype, not Unknown
    # (strict mode reports a variable of Unknown type)
    r3 = jnp.where(x > 0, pytree["w"], x)
    r4 = jnp.where(x > 0, x, pytree["w"])
    r5: NDArray[float32, N, C] = r3 + r4
