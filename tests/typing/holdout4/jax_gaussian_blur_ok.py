"""Separable Gaussian blur of an NHWC image batch with depthwise lax.conv_general_dilated, and an
unsharp mask on top."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")
Taps = DimensionVar("Taps")


def gaussian_taps(sigma: float, radius: int) -> NDArray[float32, Taps]:
    x = jnp.arange(-radius, radius + 1, dtype=jnp.float32)
    g = jnp.exp(-0.5 * (x / sigma) ** 2)
    return g / g.sum()


def depthwise(x: NDArray[float32, B, H, W, C], kernel: jax.Array) -> NDArray[float32, B, H, W, C]:
    c = x.shape[-1]
    return jax.lax.conv_general_dilated(
        x, kernel, window_strides=(1, 1), padding="SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=c
    )


def blur(x: NDArray[float32, B, H, W, C], taps: NDArray[float32, Taps]) -> NDArray[float32, B, H, W, C]:
    c = x.shape[-1]
    k_row = jnp.tile(taps[None, :, None, None], (1, 1, 1, c))
    k_col = jnp.tile(taps[:, None, None, None], (1, 1, 1, c))
    return depthwise(depthwise(x, k_row), k_col)


def unsharp(x: NDArray[float32, B, H, W, C], amount: NDArray[float32, C], taps: NDArray[float32, Taps]) -> NDArray[float32, B, H, W, C]:
    detail = x - blur(x, taps)
    return jnp.clip(x + amount * detail, 0.0, 1.0)


def main() -> None:
    x = jax.random.uniform(jax.random.PRNGKey(10), (2, 16, 20, 3))
    taps = gaussian_taps(1.2, 3)
    y = blur(x, taps)
    assert y.shape == (2, 16, 20, 3)
    assert float(y[:, 4:-4, 4:-4].std()) < float(x[:, 4:-4, 4:-4].std())
    z = unsharp(x, jnp.array([0.5, 1.0, 1.5]), taps)
    assert z.shape == x.shape


if __name__ == "__main__":
    main()
