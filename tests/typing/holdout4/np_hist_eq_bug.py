"""Histogram equalisation of a uint8 RGB image on its luma channel."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, uint8

H = DimensionVar("H")
W = DimensionVar("W")

LUMA = np.array([0.299, 0.587, 0.114])


def luma(img: NDArray[uint8, H, W, Literal[3]]) -> NDArray[float64, H, W]:
    return img.astype(np.float64) @ LUMA


def equalisation_lut(channel: NDArray[uint8, H, W]) -> NDArray[uint8, Literal[256]]:
    hist = np.bincount(channel.ravel(), minlength=256)
    cdf = hist.cumsum()
    cdf_min = cdf[cdf > 0][0]
    lut = np.round((cdf - cdf_min) / max(cdf[-1] - cdf_min, 1) * 255.0)
    return np.clip(lut, 0, 255).astype(np.uint8)


def equalise(img: NDArray[uint8, H, W, Literal[3]]) -> NDArray[uint8, H, W, Literal[3]]:
    y = luma(img)
    y8 = np.clip(np.round(y), 0, 255).astype(np.uint8)
    lut = equalisation_lut(y8)
    gain: NDArray[float64, H, W] = (lut[y8].astype(np.float64) + 1.0) / (y + 1.0)
    out = img.astype(np.float64) * gain[..., None]
    return np.clip(out, 0, 255)  # BUG: dtype slip: the float64 image is returned without the cast back to uint8


def main() -> None:
    rng = np.random.default_rng(6)
    img = rng.integers(60, 120, size=(10, 14, 3)).astype(np.uint8)
    out = equalise(img)
    assert out.shape == (10, 14, 3) and out.dtype == np.uint8
    assert int(out.max()) > int(img.max())


if __name__ == "__main__":
    main()
