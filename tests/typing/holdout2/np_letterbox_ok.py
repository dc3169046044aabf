"""Preprocessing an image for a detector: nearest-neighbour resize, letterbox padding, HWC to CHW."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, uint8

H = DimensionVar("H")
W = DimensionVar("W")
S = DimensionVar("S")
RGB = Literal[3]


def resize_nearest(img: NDArray[uint8, H, W, RGB], out_h: int, out_w: int) -> NDArray[uint8, Any, Any, RGB]:
    h, w, _ = img.shape
    rows = (np.arange(out_h) * h) // out_h
    cols = (np.arange(out_w) * w) // out_w
    return img[rows][:, cols]


def letterbox(img: NDArray[uint8, H, W, RGB], size: int, fill: int = 114) -> NDArray[uint8, Any, Any, RGB]:
    h, w, _ = img.shape
    scale = size / max(h, w)
    new_h, new_w = round(h * scale), round(w * scale)
    resized = resize_nearest(img, new_h, new_w)
    canvas = np.full((size, size, 3), fill, dtype=np.uint8)
    top, left = (size - new_h) // 2, (size - new_w) // 2
    canvas[top : top + new_h, left : left + new_w] = resized
    return canvas


def to_tensor(img: NDArray[uint8, S, S, RGB], mean: NDArray[float32, RGB], std: NDArray[float32, RGB]) -> NDArray[float32, RGB, S, S]:
    x = (img.astype(np.float32) / 255.0 - mean) / std
    return x.transpose(2, 0, 1)


def main() -> None:
    rng = np.random.default_rng(12)
    img = rng.integers(0, 256, size=(48, 80, 3), dtype=np.uint8)
    boxed = letterbox(img, 64)
    mean = np.array([0.485, 0.456, 0.406], dtype=np.float32)
    std = np.array([0.229, 0.224, 0.225], dtype=np.float32)
    x = to_tensor(boxed, mean, std)
    assert x.shape == (3, 64, 64)
    print("tensor range", float(x.min()), float(x.max()))


if __name__ == "__main__":
    main()
