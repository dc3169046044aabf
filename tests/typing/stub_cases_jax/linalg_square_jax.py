"""jnp.linalg's functions of a square matrix reject an NDArray of another shape (it fits none of the
overloads, and jax's own fallback takes only jax's ArrayLike), while jax arrays of unknown shape
keep jax's typing."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def log_det(x: NDArray[float32, N, D], cov: NDArray[float32, D, D], a: jax.Array) -> None:
    _, ok = jnp.linalg.slogdet(cov)
    jnp.linalg.slogdet(x)  # pyright: ignore[reportArgumentType, reportCallIssue]  # (N, D) is not square
    jnp.linalg.inv(x[0])  # pyright: ignore[reportArgumentType, reportCallIssue]  # rank 1
    jnp.linalg.cholesky(x)  # pyright: ignore[reportArgumentType, reportCallIssue]
    print(ok, jnp.linalg.det(a), jnp.linalg.inv(cov))
