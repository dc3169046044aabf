"""JPEG-style block transform: 8x8 blocks, an orthonormal DCT-II, quantisation with a table, and
the low-frequency corner kept for a thumbnail."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")
BH = DimensionVar("BH")
BW = DimensionVar("BW")
Eight = Literal[8]


def dct_matrix(n: int) -> npt.NDArray[np.float64]:
    k = np.arange(n)[:, None]
    i = np.arange(n)[None, :]
    m = np.cos(np.pi * (2 * i + 1) * k / (2 * n)) * np.sqrt(2.0 / n)
    m[0] /= np.sqrt(2.0)
    return m


def to_blocks(img: NDArray[np.float64, H, W]) -> NDArray[np.float64, Any, Any, Eight, Eight]:
    h, w = img.shape
    return img.reshape(h // 8, 8, w // 8, 8).transpose(0, 2, 1, 3)


def from_blocks(blocks: NDArray[np.float64, BH, BW, Eight, Eight]) -> npt.NDArray[np.float64]:
    bh, bw = blocks.shape[:2]
    return blocks.transpose(0, 2, 1, 3).reshape(bh * 8, bw * 8)


def dct2(blocks: NDArray[np.float64, BH, BW, Eight, Eight], d: NDArray[np.float64, Eight, Eight]) -> NDArray[np.float64, BH, BW, Eight, Eight]:
    return d @ blocks @ d.T


def quantise(coeffs: NDArray[np.float64, BH, BW, Eight, Eight], table: NDArray[np.float64, Eight, Eight]) -> NDArray[np.int32, BH, BW, Eight, Eight]:
    return np.round(coeffs / table).astype(np.int32)


def dequantise(q: NDArray[np.int32, BH, BW, Eight, Eight], table: NDArray[np.float64, Eight, Eight]) -> NDArray[np.float64, BH, BW, Eight, Eight]:
    return q.astype(np.float64) * table


def low_frequency(coeffs: NDArray[np.float64, BH, BW, Eight, Eight]) -> NDArray[np.float64, BH, BW, Literal[4], Literal[4]]:
    return coeffs[:, :, :4, :4]


def main() -> None:
    rng = np.random.default_rng(8)
    img = rng.uniform(0, 255, size=(24, 40))
    d = dct_matrix(8)
    assert np.allclose(d @ d.T, np.eye(8))
    blocks = to_blocks(img - 128.0)
    coeffs = dct2(blocks, d)
    table = 1.0 + np.add.outer(np.arange(8), np.arange(8)).astype(np.float64)
    restored = dequantise(quantise(coeffs, table), table)
    back = from_blocks(d.T @ restored @ d) + 128.0
    assert back.shape == img.shape and np.abs(back - img).mean() < 10.0
    assert low_frequency(coeffs).shape == (3, 5, 4, 4)
