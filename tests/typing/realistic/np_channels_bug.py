"""Converting image batches between channels-last and channels-first layouts (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, uint8

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")


def to_channels_first(x: NDArray[float32, B, H, W, C]) -> NDArray[float32, B, C, H, W]:
    return np.transpose(x, (0, 3, 2, 1))  # BUG: axes permuted to (B, C, W, H)


def to_channels_last(x: NDArray[float32, B, C, H, W]) -> NDArray[float32, B, H, W, C]:
    return x.transpose(0, 2, 3, 1)


def to_float(x: NDArray[uint8, B, H, W, C]) -> NDArray[float32, B, H, W, C]:
    return x.astype(np.float32) / 255.0


def main() -> None:
    rng = np.random.default_rng(14)
    raw = rng.integers(0, 256, size=(2, 5, 7, 3), dtype=np.uint8)
    x = to_float(raw)
    print("layout", to_channels_first(x).shape, to_channels_last(to_channels_first(x)).shape)


if __name__ == "__main__":
    main()
