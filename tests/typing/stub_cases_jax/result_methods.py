"""Methods and operators on a jax result (`jnp.exp(x)`, ndtyping's ShapedJaxArray) keep the shape, as
on an NDArray, and give a jax result again (still a jax.Array): reductions drop the axis they name,
`.T` reverses, indexing with None inserts an axis, reshape gives the rank, and a known mismatch is
an error. (Before: every method was jax.Array's own and returned an unshaped Array.)"""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32, int32

B = DimensionVar("B")
N = DimensionVar("N")
K = DimensionVar("K")
L1 = DimensionVar("L1")


def reductions(x: NDArray[float32, B, N, K]) -> None:
    e = jnp.exp(x)
    a: NDArray[float32, N, K] = e.mean(axis=0)
    b: NDArray[float32, B, N] = e.sum(axis=-1)
    c: NDArray[float32, B, K] = e.max(axis=1)
    d: NDArray[float32, N, K] = e.mean(axis=-1)  # pyright: ignore[reportAssignmentType]  # (B, N) is not (N, K)
    f: NDArray[float32, B, N] = e.std(axis=0)  # pyright: ignore[reportAssignmentType]


def shapes(x: NDArray[float32, B, N], y: NDArray[float32, B]) -> None:
    e = jnp.tanh(x)
    t: NDArray[float32, N, B] = e.T
    wrong_t: NDArray[float32, B, N] = e.T  # pyright: ignore[reportAssignmentType]
    col = e[:, None]
    c: NDArray[float32, B, N] = col  # pyright: ignore[reportAssignmentType]  # (B, 1, N)
    r: NDArray[float32, N] = e.reshape(-1)  # rank 1, size unknown
    r3: NDArray[float32, B, N] = e.reshape(2, -1, 2)  # pyright: ignore[reportAssignmentType]  # rank 3
    e - y  # pyright: ignore[reportOperatorIssue]  # (B, N) against (B,)
    ok: NDArray[float32, B, N] = e - y[:, None]


def stays_a_jax_array(x: NDArray[float32, B, N]) -> jax.Array:
    e = jnp.exp(x)
    return e.mean(axis=0) + e.sum(axis=0) * e[0]


def comparisons(logits: NDArray[float32, B, K], labels: NDArray[int32, B]) -> None:
    # `==` on a jax result is jax's own: a jax.Array of unknown shape (a shaped `==` on this class
    # left nested reductions of plain jax arrays partially Unknown in strict mode; docs/static.md)
    pred = jnp.argmax(logits, axis=-1)
    hits: NDArray[bool_, B] = pred == labels
    rate = (pred == labels).mean()
    kept: jax.Array = rate
    misses: NDArray[bool_, B] = pred != 0
    # `<` keeps its shape, and a known mismatch is an error
    over_classes = jnp.argmax(logits, axis=0)
    pred < over_classes  # pyright: ignore[reportOperatorIssue]  # (B,) against (K,)
    print(hits, kept, misses)
