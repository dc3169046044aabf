"""jax.numpy einsum with subscripts no shipped rule lists: typed from the project's own spellings.

tests/typing/test_project_einsum.py collects the spellings of this file the way `ndtyping check`
does and runs pyright with the overlay they give. Each `pyright: ignore` marks an error the rules
must report (an unneeded ignore is an error itself).
"""

import jax.numpy as jnp
from jax import numpy as jnp2

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
D = DimensionVar("D")
H = DimensionVar("H")
I = DimensionVar("I")
J = DimensionVar("J")
K = DimensionVar("K")
S = DimensionVar("S")
T = DimensionVar("T")
X = DimensionVar("X")
Y = DimensionVar("Y")


def outer_transposed(a: NDArray[float32, B, I], b: NDArray[float32, B, J]) -> NDArray[float32, B, J, I]:
    return jnp.einsum("bi,bj->bji", a, b)


def outer_transposed_wrong(a: NDArray[float32, B, I], b: NDArray[float32, B, J]) -> NDArray[float32, B, I, J]:
    return jnp.einsum("bi,bj->bji", a, b)  # pyright: ignore[reportReturnType]  # (B, J, I)


def scores(q: NDArray[float32, S, H, K], k: NDArray[float32, T, H, K]) -> NDArray[float32, H, T, S]:
    return jnp2.einsum("shk,thk->hts", q, k)


def scores_wrong(q: NDArray[float32, S, H, K], k: NDArray[float32, T, H, K]) -> NDArray[float32, H, S, T]:
    return jnp2.einsum("shk,thk->hts", q, k)  # pyright: ignore[reportReturnType]  # (H, T, S)


def three_operands(
    a: NDArray[float32, Y, H], b: NDArray[float32, H, X, D], c: NDArray[float32, I, X]
) -> NDArray[float32, I, Y, D]:
    return jnp.einsum("yh,hwc,xw->xyc", a, b, c)


def three_operands_wrong(
    a: NDArray[float32, Y, H], b: NDArray[float32, H, X, D], c: NDArray[float32, I, X]
) -> NDArray[float32, Y, I, D]:
    return jnp.einsum("yh,hwc,xw->xyc", a, b, c)  # pyright: ignore[reportReturnType]  # (I, Y, D)


def implicit_mode(a: NDArray[float32, I, J], b: NDArray[float32, J, K]) -> NDArray[float32, I, K]:
    return jnp.einsum("ij,jk", a, b)


def implicit_mode_wrong(a: NDArray[float32, I, J], b: NDArray[float32, J, K]) -> NDArray[float32, K, I]:
    return jnp.einsum("ij,jk", a, b)  # pyright: ignore[reportReturnType]  # (I, K)


def ellipsis(x: NDArray[float32, B, T, D], w: NDArray[float32, D, K]) -> NDArray[float32, B, T, K]:
    return jnp.einsum("...d,dk->...k", x, w)


def ellipsis_wrong(x: NDArray[float32, B, T, D], w: NDArray[float32, D, K]) -> NDArray[float32, T, B, K]:
    return jnp.einsum("...d,dk->...k", x, w)  # pyright: ignore[reportReturnType]  # (B, T, K)
