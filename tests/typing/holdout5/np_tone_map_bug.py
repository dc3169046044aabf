"""Reinhard global tone mapping of an HDR image, then sRGB gamma and 8-bit quantisation."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")

LUMA = np.array([0.2126, 0.7152, 0.0722], dtype=np.float32)


def luminance(rgb: NDArray[np.float32, H, W, Literal[3]]) -> NDArray[np.float32, H, W]:
    return rgb @ LUMA


def reinhard(rgb: NDArray[np.float32, H, W, Literal[3]], key: float = 0.18, white: float = 2.0) -> NDArray[np.float32, H, W, Literal[3]]:
    lum = luminance(rgb)
    log_avg = np.exp(np.log(lum + 1e-6).mean())
    scaled = key / log_avg * lum
    mapped = scaled * (1.0 + scaled / white**2) / (1.0 + scaled)
    ratio: NDArray[np.float32, H, W, Literal[1]] = mapped / (lum + 1e-6)  # BUG: the channel axis is not added: (H, W)
    return (rgb * ratio).astype(np.float32)


def to_srgb8(linear: NDArray[np.float32, H, W, Literal[3]]) -> NDArray[np.uint8, H, W, Literal[3]]:
    c = np.clip(linear, 0.0, 1.0)
    srgb = np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)
    return np.round(srgb * 255.0).astype(np.uint8)


def main() -> None:
    rng = np.random.default_rng(7)
    hdr = (rng.lognormal(0.0, 1.5, size=(20, 32, 3))).astype(np.float32)
    ldr = reinhard(hdr)
    assert ldr.shape == (20, 32, 3)
    img = to_srgb8(ldr)
    assert img.dtype == np.uint8 and img.shape == (20, 32, 3)


if __name__ == "__main__":
    main()
