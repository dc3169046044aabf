"""Colour transforms on HWC float images: RGB to YUV, grayscale, saturation, 8-bit export (numpy)."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, uint8

Height = DimensionVar("Height")
Width = DimensionVar("Width")
Rgb = Literal[3]

RGB_TO_YUV = np.array([[0.299, 0.587, 0.114], [-0.14713, -0.28886, 0.436], [0.615, -0.51499, -0.10001]], dtype=np.float32)
LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)


def rgb_to_yuv(img: NDArray[float32, Height, Width, Rgb], m: NDArray[float32, Rgb, Rgb]) -> NDArray[float32, Height, Width, Rgb]:
    return img @ m.T


def grayscale(img: NDArray[float32, Height, Width, Rgb]) -> NDArray[float32, Height, Width]:
    return img @ LUMA


def adjust_saturation(img: NDArray[float32, Height, Width, Rgb], factor: float) -> NDArray[float32, Height, Width, Rgb]:
    gray = grayscale(img)[..., None]
    return np.clip(gray + factor * (img - gray), 0.0, 1.0)


def to_uint8(img: NDArray[float32, Height, Width, Rgb]) -> NDArray[uint8, Height, Width, Rgb]:
    return np.round(img * 255).clip(0, 255).astype(np.uint8)


def main() -> None:
    rng = np.random.default_rng(16)
    img = rng.random((4, 5, 3), dtype=np.float32)
    print("colour", rgb_to_yuv(img, RGB_TO_YUV).shape, to_uint8(adjust_saturation(img, 1.4)).shape)


if __name__ == "__main__":
    main()
