"""Least squares via QR and an orthonormal basis for a column space (jax)."""

import jax
import jax.numpy as jnp
from jax.scipy.linalg import solve_triangular

from ndtyping import DimensionVar, NDArray, float32

M = DimensionVar("M")
N = DimensionVar("N")


def orthonormal_basis(a: NDArray[float32, M, N]) -> NDArray[float32, M, N]:
    q, _ = jnp.linalg.qr(a)
    return q


def qr_lstsq(a: NDArray[float32, M, N], b: NDArray[float32, M]) -> NDArray[float32, N]:
    q, r = jnp.linalg.qr(a)
    return solve_triangular(r, q.T @ b, lower=False)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(19))
    a = jax.random.normal(k1, (8, 3))
    b = jax.random.normal(k2, (8,))
    print("jax qr", orthonormal_basis(a).shape, qr_lstsq(a, b).shape)


if __name__ == "__main__":
    main()
