"""Sobel gradients and a thresholded edge map of a grayscale image, by shifted slices."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, bool_, float32

H = DimensionVar("H")
W = DimensionVar("W")

SOBEL_X = np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=np.float32)


def correlate3x3(img: NDArray[float32, H, W], kernel: NDArray[float32, Literal[3], Literal[3]]) -> NDArray[float32, H, W]:
    padded = np.pad(img, 1, mode="edge")
    h, w = img.shape
    out = np.zeros_like(img)
    for dy in range(3):
        for dx in range(3):
            out += kernel[dy, dx] * padded[dy : dy + h, dx : dx + w]
    return out


def sobel(img: NDArray[float32, H, W]) -> tuple[NDArray[float32, H, W], NDArray[float32, H, W]]:
    gx = correlate3x3(img, SOBEL_X)
    gy = correlate3x3(img, SOBEL_X.T)
    return gx, gy


def edges(img: NDArray[float32, H, W], frac: float = 0.25) -> NDArray[bool_, H, W]:
    gx, gy = sobel(img)
    magnitude: NDArray[float32, H, W] = np.hypot(gx, gy)
    return magnitude > frac * magnitude.max()


def orientation_histogram(img: NDArray[float32, H, W], bins: int = 8) -> np.ndarray:
    gx, gy = sobel(img)
    angle = np.arctan2(gy, gx)
    hist, _ = np.histogram(angle, bins=bins, range=(-np.pi, np.pi), weights=np.hypot(gx, gy))
    return hist


def main() -> None:
    h, w = 12, 17
    img = np.zeros((h, w), dtype=np.float32)
    img[:, 8:] = 1.0
    e = edges(img)
    assert e.shape == (h, w) and bool(e[:, 7:9].all()) and not bool(e[:, :5].any())
    assert orientation_histogram(img).shape == (8,)


if __name__ == "__main__":
    main()
