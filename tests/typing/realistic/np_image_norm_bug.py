"""Per-channel normalisation of channels-first images with broadcasting through None (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
C = DimensionVar("C")
H = DimensionVar("H")
W = DimensionVar("W")


def channel_stats(x: NDArray[float32, B, C, H, W]) -> tuple[NDArray[float32, C], NDArray[float32, C]]:
    return x.mean(axis=(0, 2, 3)), x.std(axis=(0, 1, 2))  # BUG: std reduced over the channel axis, keeping the width


def normalise(x: NDArray[float32, B, C, H, W], mean: NDArray[float32, C], std: NDArray[float32, C]) -> NDArray[float32, B, C, H, W]:
    return (x - mean[None, :, None, None]) / std[None, :, None, None]


def main() -> None:
    rng = np.random.default_rng(49)
    x = rng.random((2, 3, 5, 7), dtype=np.float32)
    mean, std = channel_stats(x)
    print("image norm", normalise(x, mean, std).shape)


if __name__ == "__main__":
    main()
