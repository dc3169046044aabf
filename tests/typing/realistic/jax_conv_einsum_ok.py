"""A 3x3 convolution over NHWC images written as patches + einsum, then a 1x1 conv (jax)."""

from typing import Any, Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")
O = DimensionVar("O")


def patches3x3(x: NDArray[float32, B, H, W, C]) -> NDArray[float32, B, Any, Any, Literal[3], Literal[3], C]:
    b, h, w, c = x.shape
    rows = jnp.stack([x[:, i : i + h - 2] for i in range(3)], axis=3)
    return jnp.stack([rows[:, :, j : j + w - 2] for j in range(3)], axis=4)


def conv3x3(x: NDArray[float32, B, H, W, C], kernel: NDArray[float32, Literal[3], Literal[3], C, O]) -> NDArray[float32, B, Any, Any, O]:
    return jnp.einsum("bhwijc,ijco->bhwo", patches3x3(x), kernel)


def pointwise(x: NDArray[float32, B, H, W, C], w: NDArray[float32, C, O]) -> NDArray[float32, B, H, W, O]:
    return jnp.einsum("bhwc,co->bhwo", x, w)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(9), 3)
    x = jax.random.normal(k1, (2, 8, 9, 3))
    y = conv3x3(x, jax.random.normal(k2, (3, 3, 3, 4)))
    print("conv", y.shape, pointwise(x, jax.random.normal(k3, (3, 5))).shape)


if __name__ == "__main__":
    main()
