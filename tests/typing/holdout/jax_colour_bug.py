"""Batched colour augmentation on NHWC images: brightness, contrast, grayscale mix (jax)."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Height = DimensionVar("Height")
Width = DimensionVar("Width")
Rgb = Literal[3]


def luminance(images: NDArray[float32, Batch, Height, Width, Rgb]) -> NDArray[float32, Batch, Height, Width]:
    return jnp.tensordot(images, jnp.array([0.2126, 0.7152, 0.0722]), axes=([3], [0]))


def adjust_contrast(images: NDArray[float32, Batch, Height, Width, Rgb], factor: NDArray[float32, Batch]) -> NDArray[float32, Batch, Height, Width, Rgb]:
    mean = luminance(images).mean(axis=(1, 2))
    mean = mean[:, None, None, None]
    f = factor[:, None, None, None]
    return jnp.clip(mean + f * (images - mean), 0.0, 1.0)


def random_grayscale(images: NDArray[float32, Batch, Height, Width, Rgb], key: jax.Array, p: float = 0.5) -> NDArray[float32, Batch, Height, Width, Rgb]:
    lum = luminance(images)
    pick = jax.random.bernoulli(key, p, (images.shape[0], 1, 1, 1))
    return jnp.where(pick, jnp.stack([lum, lum, lum], axis=1), images)  # BUG: channels stacked after the batch axis, not last


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(11), 3)
    images = jax.random.uniform(k1, (2, 5, 4, 3))
    out = adjust_contrast(images, jax.random.uniform(k2, (2,), minval=0.5, maxval=1.5))
    print("colour", random_grayscale(out, k3).shape)


if __name__ == "__main__":
    main()
