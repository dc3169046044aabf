"""Harris corner response: Sobel gradients by padded slicing, a box-filtered structure tensor, and
the strongest responses as (row, col) pairs."""

from typing import Any, Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")


def sobel(img: NDArray[np.float64, H, W]) -> tuple[NDArray[np.float64, H, W], NDArray[np.float64, H, W]]:
    p = np.pad(img, 1, mode="edge")
    gx = (p[:-2, 2:] + 2 * p[1:-1, 2:] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[1:-1, :-2] + p[2:, :-2])
    gy = (p[2:, :-2] + 2 * p[2:, 1:-1] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[:-2, 1:-1] + p[:-2, 2:])
    return gx, gy


def box_blur(a: NDArray[np.float64, H, W], r: int) -> NDArray[np.float64, H, W]:
    h, w = a.shape
    p = np.pad(a, r, mode="edge")
    out = np.zeros_like(a)
    for dy in range(2 * r + 1):
        for dx in range(2 * r + 1):
            out += p[dy : dy + h, dx : dx + w]
    return out / (2 * r + 1) ** 2


def harris(img: NDArray[np.float64, H, W], k: float = 0.05) -> NDArray[np.float64, H, W]:
    gx, gy = sobel(img)
    sxx = box_blur(gx * gx, 1)
    syy = box_blur(gy * gy, 1)
    sxy = box_blur(gx * gy, 1)
    det = sxx * syy - sxy.T**2  # BUG: spurious transpose of an (H, W) image
    return det - k * (sxx + syy) ** 2


def strongest(resp: NDArray[np.float64, H, W], n: int) -> NDArray[np.int64, Any, Literal[2]]:
    flat = np.argsort(resp, axis=None)[::-1][:n]
    return np.stack(np.unravel_index(flat, resp.shape), axis=1)


def main() -> None:
    img = np.zeros((12, 17))
    img[3:8, 4:11] = 1.0
    resp = harris(img)
    corners = strongest(resp, 4)
    assert corners.shape == (4, 2)
    assert resp.max() > 0 and resp.shape == img.shape
