"""Channels-first convolutions with einsum: a 1x1 conv and a 3x3 conv over sliding windows (numpy)."""

from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
C = DimensionVar("C")
O = DimensionVar("O")
H = DimensionVar("H")
W = DimensionVar("W")


def conv1x1(x: NDArray[float32, B, C, H, W], w: NDArray[float32, O, C], bias: NDArray[float32, O]) -> NDArray[float32, B, O, H, W]:
    return np.einsum("bchw,oc->bohw", x, w) + bias[None, :, None, None]


def conv3x3_valid(x: NDArray[float32, B, C, H, W], w: NDArray[float32, O, C, Any, Any]) -> NDArray[float32, B, O, Any, Any]:
    windows = sliding_window_view(x, (3, 3), axis=(2, 3))
    return np.einsum("bchwij,ocij->bohw", windows, w)


def main() -> None:
    rng = np.random.default_rng(11)
    x = rng.standard_normal((2, 3, 8, 10), dtype=np.float32)
    y = conv1x1(x, rng.standard_normal((5, 3), dtype=np.float32), np.zeros(5, dtype=np.float32))
    z = conv3x3_valid(x, rng.standard_normal((4, 3, 3, 3), dtype=np.float32))
    print("conv", y.shape, z.shape)


if __name__ == "__main__":
    main()
