"""MNIST-style preprocessing: flatten images with reshape(-1), a linear classifier (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, uint8

Batch = DimensionVar("Batch", bound=int)
H = DimensionVar("H")
W = DimensionVar("W")
Pixels = DimensionVar("Pixels")
Classes = DimensionVar("Classes")


def flatten(images: NDArray[uint8, Batch, H, W]) -> NDArray[float32, Batch, Any]:
    return images.reshape(images.shape[0], -1) / 255.0  # BUG: forgot the cast: uint8 / 255.0 is float64


def logits(x: NDArray[float32, Batch, Pixels], w: NDArray[float32, Pixels, Classes], b: NDArray[float32, Classes]) -> NDArray[float32, Batch, Classes]:
    return x @ w + b


def main() -> None:
    rng = np.random.default_rng(43)
    images = rng.integers(0, 256, size=(4, 6, 5), dtype=np.uint8)
    x = flatten(images)
    w = rng.standard_normal((30, 10), dtype=np.float32) * 0.01
    print("flatten", x.shape, logits(x, w, np.zeros(10, dtype=np.float32)).shape)


if __name__ == "__main__":
    main()
