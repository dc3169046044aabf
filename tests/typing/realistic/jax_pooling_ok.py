"""Average pooling by reshape and a global max pool over NHWC feature maps (jax)."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B", bound=int)
H = DimensionVar("H", bound=int)
W = DimensionVar("W", bound=int)
C = DimensionVar("C", bound=int)


def avg_pool2x2(x: NDArray[float32, B, H, W, C]) -> NDArray[float32, B, Any, Any, C]:
    b, h, w, c = x.shape
    return x.reshape(b, h // 2, 2, w // 2, 2, c).mean(axis=(2, 4))


def global_max_pool(x: NDArray[float32, B, H, W, C]) -> NDArray[float32, B, C]:
    return jnp.max(x, axis=(1, 2))


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(10), (2, 8, 6, 3))
    print("jax pool", avg_pool2x2(x).shape, global_max_pool(x).shape)


if __name__ == "__main__":
    main()
