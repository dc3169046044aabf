"""Image augmentation in jax: bilinear resize with jax.image, random crop with lax.dynamic_slice, HWC to CHW."""

from __future__ import annotations

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

H = DimensionVar("H")
W = DimensionVar("W")
Crop = DimensionVar("Crop")
C3 = Literal[3]


def resize_short_side(img: NDArray[float32, H, W, C3], short: int) -> jax.Array:
    h, w, c = img.shape
    scale = short / min(h, w)
    return jax.image.resize(img, (round(h * scale), round(w * scale), c), method="bilinear")


def random_crop(key: jax.Array, img: NDArray[float32, H, W, C3], size: int) -> jax.Array:
    h, w, c = img.shape
    ky, kx = jax.random.split(key)
    top = jax.random.randint(ky, (), 0, h - size + 1)
    left = jax.random.randint(kx, (), 0, w - size + 1)
    return jax.lax.dynamic_slice(img, (top, left, 0), (size, size, c))


def normalise_chw(img: NDArray[float32, Crop, Crop, C3], mean: NDArray[float32, C3], std: NDArray[float32, C3]) -> NDArray[float32, C3, Crop, Crop]:
    return jnp.moveaxis((img - mean) / std, 0, -1)  # BUG: moveaxis arguments reversed: (Crop, C3, Crop)


def augment(key: jax.Array, img: NDArray[float32, H, W, C3]) -> jax.Array:
    k1, k2 = jax.random.split(key)
    small = resize_short_side(img, 40)
    crop = random_crop(k1, small, 32)
    crop = jnp.where(jax.random.bernoulli(k2), crop[:, ::-1], crop)
    mean = jnp.array([0.5, 0.45, 0.4])
    std = jnp.array([0.25, 0.25, 0.25])
    return normalise_chw(crop, mean, std)


def main() -> None:
    img = jax.random.uniform(jax.random.PRNGKey(16), (60, 90, 3))
    out = augment(jax.random.PRNGKey(17), img)
    assert out.shape == (3, 32, 32)
    print("augmented", out.shape, float(out.mean()))


if __name__ == "__main__":
    main()
