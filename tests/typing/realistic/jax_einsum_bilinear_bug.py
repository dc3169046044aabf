"""Bilinear scoring and batched outer products with einsum (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
I = DimensionVar("I")
J = DimensionVar("J")


def bilinear(x: NDArray[float32, B, I], w: NDArray[float32, I, J], y: NDArray[float32, B, J]) -> NDArray[float32, B]:
    return jnp.einsum("bi,ij,bj->b", x, w, y)


def outer(x: NDArray[float32, B, I], y: NDArray[float32, B, J]) -> NDArray[float32, B, I, J]:
    return jnp.einsum("bi,bj->bji", x, y)  # BUG: output subscripts give (B, J, I)


def trace_each(m: NDArray[float32, B, I, I]) -> NDArray[float32, B]:
    return jnp.einsum("bii->b", m)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(33), 3)
    x = jax.random.normal(k1, (4, 3))
    y = jax.random.normal(k2, (4, 5))
    w = jax.random.normal(k3, (3, 5))
    print("einsum", bilinear(x, w, y).shape, outer(x, y).shape, trace_each(jnp.ones((4, 3, 3))).shape)


if __name__ == "__main__":
    main()
