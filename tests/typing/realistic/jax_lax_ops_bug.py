"""Batched matmul with lax.dot_general, rsqrt normalisation, clamping with lax.clamp (jax)."""

import jax
import jax.numpy as jnp
from jax import lax

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
K = DimensionVar("K")
M = DimensionVar("M")


def batched_matmul(a: NDArray[float32, B, N, K], b: NDArray[float32, B, K, M]) -> NDArray[float32, B, N, M]:
    return lax.dot_general(a, b, dimension_numbers=(((2,), (1,)), ((0,), (0,))))


def normalise_rows(x: NDArray[float32, B, N, K]) -> NDArray[float32, B, N, K]:
    return x * lax.rsqrt(jnp.sum(x * x, axis=-1) + 1e-6)  # BUG: forgot keepdims: (B, N) broadcast against (B, N, K)


def clamp_logits(x: NDArray[float32, B, N, M], limit: float = 30.0) -> NDArray[float32, B, N, M]:
    return lax.clamp(-limit, x, limit)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(32))
    a = jax.random.normal(k1, (2, 3, 4))
    b = jax.random.normal(k2, (2, 4, 5))
    print("lax", clamp_logits(batched_matmul(normalise_rows(a), b)).shape)


if __name__ == "__main__":
    main()
