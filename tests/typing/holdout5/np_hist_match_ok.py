"""Histogram matching of a grayscale image to a reference, through the two CDFs."""

import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")
H2 = DimensionVar("H2")
W2 = DimensionVar("W2")
Bins = DimensionVar("Bins")


def cdf(img: NDArray[np.uint8, H, W]) -> NDArray[np.float64, Bins]:
    counts = np.bincount(img.ravel(), minlength=256).astype(np.float64)
    c = np.cumsum(counts)
    return c / c[-1]


def matching_lut(src_cdf: NDArray[np.float64, Bins], ref_cdf: NDArray[np.float64, Bins]) -> NDArray[np.uint8, Bins]:
    lut = np.searchsorted(ref_cdf, src_cdf, side="left")
    return np.clip(lut, 0, 255).astype(np.uint8)


def match(img: NDArray[np.uint8, H, W], ref: NDArray[np.uint8, H2, W2]) -> NDArray[np.uint8, H, W]:
    lut = matching_lut(cdf(img), cdf(ref))
    out: NDArray[np.uint8, H, W] = lut[img]
    return out


def main() -> None:
    rng = np.random.default_rng(8)
    img = rng.integers(0, 100, size=(30, 40)).astype(np.uint8)
    ref = rng.integers(100, 256, size=(25, 35)).astype(np.uint8)
    out = match(img, ref)
    assert out.shape == (30, 40) and out.dtype == np.uint8
    assert out.mean() > img.mean()


if __name__ == "__main__":
    main()
