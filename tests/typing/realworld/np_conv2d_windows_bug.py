"""A small NHWC convolutional feature extractor in plain numpy: same-padded convolution through
sliding_window_view and einsum (as numpy-only deep learning code does it), ReLU, 2x2 max pooling
by reshape, and global average pooling."""

from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
Cin = DimensionVar("Cin")
Cout = DimensionVar("Cout")
KH = DimensionVar("KH")
KW = DimensionVar("KW")


def conv2d_same(x: NDArray[np.float32, B, H, W, Cin], kernel: NDArray[np.float32, KH, KW, Cin, Cout], bias: NDArray[np.float32, Cout]) -> NDArray[np.float32, B, H, W, Cout]:
    kh, kw = kernel.shape[0], kernel.shape[1]
    padded = np.pad(x, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
    patches = sliding_window_view(padded, (kh, kw), axis=(1, 2))  # (B, H, W, Cin, kh, kw)
    return np.einsum("bhwcij,ijco->bwho", patches, kernel) + bias  # BUG: output subscripts swap height and width


def relu(x: NDArray[np.float32, B, H, W, Cout]) -> NDArray[np.float32, B, H, W, Cout]:
    return np.maximum(x, 0.0)


def max_pool_2x2(x: NDArray[np.float32, B, H, W, Cout]) -> NDArray[np.float32, B, Any, Any, Cout]:
    b, h, w, c = x.shape
    return x[:, : h // 2 * 2, : w // 2 * 2].reshape(b, h // 2, 2, w // 2, 2, c).max(axis=(2, 4))


def features(x: NDArray[np.float32, B, H, W, Cin], k1: NDArray[np.float32, KH, KW, Cin, Cout], b1: NDArray[np.float32, Cout]) -> NDArray[np.float32, B, Cout]:
    h = max_pool_2x2(relu(conv2d_same(x, k1, b1)))
    return h.mean(axis=(1, 2))


def main() -> None:
    rng = np.random.default_rng(14)
    x = rng.normal(size=(2, 12, 9, 3)).astype(np.float32)
    kernel = (rng.normal(size=(3, 3, 3, 5)) * 0.3).astype(np.float32)
    bias = np.zeros(5, np.float32)
    y = conv2d_same(x, kernel, bias)
    assert y.shape == (2, 12, 9, 5) and y.dtype == np.float32
    # the centre pixel equals a direct dot product with the kernel
    direct = np.einsum("ijc,ijco->o", x[1, 4:7, 2:5], kernel)
    assert np.allclose(y[1, 5, 3], direct, atol=1e-5)
    assert max_pool_2x2(relu(y)).shape == (2, 6, 4, 5)
    f = features(x, kernel, bias)
    assert f.shape == (2, 5) and np.all(f >= 0)


if __name__ == "__main__":
    main()
