"""Low-rank approximation and nuclear norm with jnp.linalg.svd (jax)."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

M = DimensionVar("M")
N = DimensionVar("N")


def low_rank(a: NDArray[float32, M, N], rank: int) -> NDArray[float32, M, N]:
    u, s, vt = jnp.linalg.svd(a, full_matrices=False)
    return (u[:, :rank] * s[:rank]) @ vt[:rank, :]


def singular_values(a: NDArray[float32, M, N]) -> NDArray[float32, Any]:
    return jnp.linalg.svd(a, compute_uv=False)


def nuclear_norm(a: NDArray[float32, M, N]) -> float:
    return float(jnp.sum(jnp.linalg.svd(a, compute_uv=False)))


def main() -> None:
    a = jax.random.normal(jax.random.PRNGKey(18), (6, 4))
    print("jax svd", low_rank(a, 2).shape, singular_values(a).shape, nuclear_norm(a))


if __name__ == "__main__":
    main()
