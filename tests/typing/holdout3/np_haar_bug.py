"""One level of the 2-D Haar wavelet transform, its inverse, and soft-threshold denoising with the
detail bands quantised to int16 for storage."""

import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")
R = DimensionVar("R")
L = DimensionVar("L")

SQRT2 = np.sqrt(2.0)


def haar_rows(x: NDArray[np.float64, R, L]) -> tuple[np.ndarray, np.ndarray]:
    even, odd = x[:, 0::2], x[:, 1::2]
    return (even + odd) / SQRT2, (even - odd) / SQRT2


def inverse_haar_rows(a: NDArray[np.float64, R, L], d: NDArray[np.float64, R, L]) -> np.ndarray:
    x = np.empty((a.shape[0], 2 * a.shape[1]))
    x[:, 0::2] = (a + d) / SQRT2
    x[:, 1::2] = (a - d) / SQRT2
    return x


def haar2d(img: NDArray[np.float64, H, W]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    lo, hi = haar_rows(img)
    ll, lh = haar_rows(lo.T)
    hl, hh = haar_rows(hi.T)
    return ll.T, lh.T, hl.T, hh.T


def inverse_haar2d(ll: np.ndarray, lh: np.ndarray, hl: np.ndarray, hh: np.ndarray) -> np.ndarray:
    lo = inverse_haar_rows(ll.T, lh.T).T
    hi = inverse_haar_rows(hl.T, hh.T).T
    return inverse_haar_rows(lo, hi)


def soft_threshold(band: NDArray[np.float64, R, L], t: float) -> NDArray[np.float64, R, L]:
    return np.sign(band) * np.maximum(np.abs(band) - t, 0.0)


def quantise_band(band: NDArray[np.float64, R, L], step: float) -> NDArray[np.int16, R, L]:
    return np.round(band / step).astype(np.int32)  # BUG: int32, the declared storage type is int16


def main() -> None:
    rng = np.random.default_rng(18)
    img = np.outer(np.linspace(0, 1, 8), np.linspace(1, 2, 12)) + 0.05 * rng.normal(size=(8, 12))
    bands = haar2d(img)
    assert all(b.shape == (4, 6) for b in bands)
    assert np.allclose(inverse_haar2d(*bands), img)
    ll, lh, hl, hh = bands
    den = inverse_haar2d(ll, *(soft_threshold(b, 0.05) for b in (lh, hl, hh)))
    assert den.shape == img.shape
    q = quantise_band(hh, 0.01)
    assert q.dtype == np.int16 and q.shape == (4, 6)
