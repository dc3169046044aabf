"""jax results of unknown shape (the svd factors) as operands of `@`: the result's shape is unknown,
not a rank-3 reading of `(*Rest, In) @ (In, Out)` (a ZCA whitening matrix returned as (D, D))."""

import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

D = DimensionVar("D")
N = DimensionVar("N")


def whitening(x: NDArray[float32, N, D]) -> NDArray[float32, D, D]:
    cov = x.T @ x / x.shape[0]
    u, s, _ = jnp.linalg.svd(cov)
    w = u @ jnp.diag(1.0 / jnp.sqrt(s + 1e-5)) @ u.T
    return w


def known(x: NDArray[float32, N, D]) -> None:
    g = jnp.dot(x.T, x)  # (D, D)
    g @ x  # pyright: ignore[reportOperatorIssue]  # (D, D) @ (N, D)
