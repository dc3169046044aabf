"""Data augmentation on one channels-last image: flips and random crops with slices (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

H = DimensionVar("H", bound=int)
W = DimensionVar("W", bound=int)
C = DimensionVar("C", bound=int)


def hflip(img: NDArray[float32, H, W, C]) -> NDArray[float32, H, W, C]:
    return img[:, ::-1, :]


def vflip(img: NDArray[float32, H, W, C]) -> NDArray[float32, H, W, C]:
    return np.flip(img, axis=0)


def random_crop(img: NDArray[float32, H, W, C], size: int, rng: np.random.Generator) -> NDArray[float32, Any, Any, C]:
    h, w, _ = img.shape
    top = int(rng.integers(0, h - size + 1))
    left = int(rng.integers(0, w - size + 1))
    return img[top : top + size, left : left + size, 0]  # BUG: integer index drops the channel axis


def main() -> None:
    rng = np.random.default_rng(13)
    img = rng.random((10, 12, 3), dtype=np.float32)
    print("augment", hflip(img).shape, vflip(img).shape, random_crop(img, 5, rng).shape)


if __name__ == "__main__":
    main()
