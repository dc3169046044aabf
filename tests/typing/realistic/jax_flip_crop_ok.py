"""Random horizontal flips and centre crops on a batch of NHWC images (jax)."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
H = DimensionVar("H", bound=int)
W = DimensionVar("W", bound=int)
C = DimensionVar("C")


def random_hflip(key: jax.Array, images: NDArray[float32, B, H, W, C]) -> NDArray[float32, B, H, W, C]:
    flip = jax.random.bernoulli(key, 0.5, (images.shape[0],))
    return jnp.where(flip[:, None, None, None], images[:, :, ::-1, :], images)


def centre_crop(images: NDArray[float32, B, H, W, C], size: int) -> NDArray[float32, B, Any, Any, C]:
    h, w = images.shape[1], images.shape[2]
    top, left = (h - size) // 2, (w - size) // 2
    return images[:, top : top + size, left : left + size, :]


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(11))
    images = jax.random.uniform(k1, (4, 10, 12, 3))
    print("jax augment", random_hflip(k2, images).shape, centre_crop(images, 6).shape)


if __name__ == "__main__":
    main()
