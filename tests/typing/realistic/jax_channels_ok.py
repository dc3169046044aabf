"""Image layout conversions for a conv net: NHWC <-> NCHW and per-channel normalisation (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")


def nhwc_to_nchw(x: NDArray[float32, B, H, W, C]) -> NDArray[float32, B, C, H, W]:
    return jnp.transpose(x, (0, 3, 1, 2))


def normalise_channels(x: NDArray[float32, B, C, H, W], mean: NDArray[float32, C], std: NDArray[float32, C]) -> NDArray[float32, B, C, H, W]:
    return (x - mean[:, None, None]) / std[:, None, None]


def main() -> None:
    x = jax.random.uniform(jax.random.PRNGKey(12), (2, 5, 7, 3))
    y = normalise_channels(nhwc_to_nchw(x), jnp.array([0.5, 0.4, 0.3]), jnp.array([0.2, 0.2, 0.2]))
    print("jax layout", y.shape)


if __name__ == "__main__":
    main()
