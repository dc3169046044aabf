"""2x2 max and average pooling by reshaping channels-last images (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch", bound=int)
H = DimensionVar("H", bound=int)
W = DimensionVar("W", bound=int)
C = DimensionVar("C", bound=int)


def max_pool2x2(x: NDArray[float32, Batch, H, W, C]) -> NDArray[float32, Batch, Any, Any, C]:
    b, h, w, c = x.shape
    windows = x.reshape(b, h // 2, 2, w // 2, 2, c)
    return windows.max(axis=(2, 4))


def global_avg_pool(x: NDArray[float32, Batch, H, W, C]) -> NDArray[float32, Batch, C]:
    return x.mean(axis=(1, 2))


def main() -> None:
    rng = np.random.default_rng(12)
    x = rng.standard_normal((2, 8, 6, 3), dtype=np.float32)
    print("pool", max_pool2x2(x).shape, global_avg_pool(x).shape)


if __name__ == "__main__":
    main()
