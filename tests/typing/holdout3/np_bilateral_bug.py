"""Edge-preserving bilateral filter, grey and RGB (range weight from the colour distance)."""

from typing import Literal

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")
RGB = Literal[3]


def gaussian_kernel(radius: int, sigma: float) -> npt.NDArray[np.float64]:
    ax = np.arange(-radius, radius + 1)
    g = np.exp(-(ax**2) / (2 * sigma**2))
    return np.outer(g, g)


def bilateral(img: NDArray[np.float64, H, W], radius: int, sigma_s: float, sigma_r: float) -> NDArray[np.float64, H, W]:
    h, w = img.shape
    pad = np.pad(img, radius, mode="reflect")
    spatial = gaussian_kernel(radius, sigma_s)
    num = np.zeros_like(img)
    den = np.zeros_like(img)
    for dy in range(2 * radius + 1):
        for dx in range(2 * radius + 1):
            shifted = pad[dy : dy + h, dx : dx + w]
            wgt = spatial[dy, dx] * np.exp(-((shifted - img) ** 2) / (2 * sigma_r**2))
            num += wgt * shifted
            den += wgt
    return num / den


def bilateral_rgb(img: NDArray[np.float64, H, W, RGB], radius: int, sigma_s: float, sigma_r: float) -> NDArray[np.float64, H, W, RGB]:
    h, w, _ = img.shape
    pad = np.pad(img, ((radius, radius), (radius, radius), (0, 0)), mode="reflect")
    spatial = gaussian_kernel(radius, sigma_s)
    num = np.zeros_like(img)
    den = np.zeros(img.shape[:2])
    for dy in range(2 * radius + 1):
        for dx in range(2 * radius + 1):
            shifted = pad[dy : dy + h, dx : dx + w, :]
            wgt = spatial[dy, dx] * np.exp(-((shifted - img) ** 2).sum(axis=-1) / (2 * sigma_r**2))
            num += wgt * shifted  # BUG: (H, W) weights against (H, W, 3) colours without the new axis
            den += wgt
    return num / den[..., None]


def to_grey(img: NDArray[np.float64, H, W, RGB]) -> NDArray[np.float64, H, W]:
    return img @ np.array([0.299, 0.587, 0.114])


def main() -> None:
    rng = np.random.default_rng(13)
    h, w = 9, 14
    img = np.clip(np.tile(np.linspace(0, 1, w), (h, 1))[..., None] + 0.05 * rng.normal(size=(h, w, 3)), 0, 1)
    out = bilateral_rgb(img, 2, 1.5, 0.2)
    assert out.shape == (h, w, 3)
    grey = bilateral(to_grey(img), 2, 1.5, 0.2)
    assert grey.shape == (h, w) and np.abs(grey - to_grey(img)).mean() < 0.1
