"""A 'same' convolution as patch extraction (jax.lax.conv_general_dilated_patches) and an einsum."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Chan = DimensionVar("Chan")
Out = DimensionVar("Out")
H = DimensionVar("H")
W = DimensionVar("W")
Patch = DimensionVar("Patch")


def patches(x: NDArray[float32, Batch, Chan, H, W], size: int) -> NDArray[float32, Batch, Patch, H, W]:
    return jax.lax.conv_general_dilated_patches(x, filter_shape=(size, size), window_strides=(1, 1), padding="SAME")


def conv_via_patches(x: NDArray[float32, Batch, Chan, H, W], kernel: NDArray[float32, Out, Chan, Any, Any]) -> NDArray[float32, Batch, Out, H, W]:
    size = kernel.shape[-1]
    cols = patches(x, size)
    flat_kernel = kernel.reshape(kernel.shape[0], -1)
    return jnp.einsum("bphw,op->bohw", cols, flat_kernel)


def reference_conv(x: NDArray[float32, Batch, Chan, H, W], kernel: NDArray[float32, Out, Chan, Any, Any]) -> NDArray[float32, Batch, Out, H, W]:
    return jax.lax.conv_general_dilated(x, kernel, window_strides=(1, 1), padding="SAME")


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(15))
    x = jax.random.normal(k1, (2, 3, 9, 6))
    kernel = jax.random.normal(k2, (5, 3, 3, 3))
    out = conv_via_patches(x, kernel)
    assert out.shape == (2, 5, 9, 6)
    assert jnp.allclose(out, reference_conv(x, kernel), atol=1e-3)
    print("conv ok", float(jnp.abs(out).mean()))


if __name__ == "__main__":
    main()
