"""Group normalisation for an NCHW activation map, with a learned per-channel affine."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Chan = DimensionVar("Chan")
H = DimensionVar("H")
W = DimensionVar("W")


def group_stats(x: NDArray[float32, Batch, Chan, H, W], groups: int) -> tuple[np.ndarray, np.ndarray]:
    b, c, h, w = x.shape
    grouped = x.reshape(b, groups, c // groups, h, w)
    mean = grouped.mean(axis=(2, 3, 4), keepdims=True)
    var = grouped.var(axis=(2, 3, 4), keepdims=True)
    return mean, var


def group_norm(
    x: NDArray[float32, Batch, Chan, H, W],
    gamma: NDArray[float32, Chan],
    beta: NDArray[float32, Chan],
    groups: int,
    eps: float = 1e-5,
) -> NDArray[float32, Batch, Chan, H, W]:
    b, c, h, w = x.shape
    mean, var = group_stats(x, groups)
    grouped = x.reshape(b, groups, c // groups, h, w)
    normed = ((grouped - mean) / np.sqrt(var + eps)).reshape(b, c, h, w).astype(np.float32)
    scale: NDArray[float32, Chan, H, W] = np.broadcast_to(gamma[:, None, None], (c, h, w))
    return normed * scale + beta[None, :, None]  # BUG: beta's channel axis must lead (C, 1, 1); (1, C, 1) meets H


def main() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 6, 5, 7)).astype(np.float32)
    gamma = np.ones(6, dtype=np.float32)
    beta = np.zeros(6, dtype=np.float32)
    y = group_norm(x, gamma, beta, groups=3)
    assert y.shape == (2, 6, 5, 7)
    assert abs(float(y.reshape(2, 3, -1).mean(axis=-1).max())) < 1e-4


if __name__ == "__main__":
    main()
