"""Bilinear resizing, as point sampling and as separable interpolation matrices (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Height = DimensionVar("Height")
Width = DimensionVar("Width")
Channel = DimensionVar("Channel")
OutH = DimensionVar("OutH")
OutW = DimensionVar("OutW")
Point = DimensionVar("Point")


def bilinear_sample(img: NDArray[float32, Height, Width, Channel], ys: NDArray[float32, Point], xs: NDArray[float32, Point]) -> NDArray[float32, Point, Channel]:
    h, w = img.shape[0], img.shape[1]
    y0 = np.clip(np.floor(ys).astype(np.int64), 0, h - 1)
    x0 = np.clip(np.floor(xs).astype(np.int64), 0, w - 1)
    y1 = np.minimum(y0 + 1, h - 1)
    x1 = np.minimum(x0 + 1, w - 1)
    wy = (ys - np.floor(ys))[:, None]
    wx = (xs - np.floor(xs))[:, None]
    top = img[y0, x0] * (1 - wx) + img[y0, x1] * wx
    bottom = img[y1, x0] * (1 - wx) + img[y1, x1] * wx
    return top * (1 - wy) + bottom * wy


def interp_matrix(n_in: int, n_out: int) -> NDArray[float32, OutH, Height]:
    pos = np.linspace(0, n_in - 1, n_out)
    lo = np.floor(pos).astype(np.int64)
    hi = np.minimum(lo + 1, n_in - 1)
    frac = pos - lo
    m = np.zeros((n_out, n_in), dtype=np.float32)
    m[np.arange(n_out), lo] += 1 - frac
    m[np.arange(n_out), hi] += frac
    return m


def resize(img: NDArray[float32, Height, Width, Channel], ry: NDArray[float32, OutH, Height], rx: NDArray[float32, OutW, Width]) -> NDArray[float32, OutH, OutW, Channel]:
    return np.einsum("yh,hwc,xw->xyc", ry, img, rx)  # BUG: output subscripts swap the two spatial axes


def main() -> None:
    rng = np.random.default_rng(11)
    img = rng.random((5, 6, 3), dtype=np.float32)
    ys = rng.uniform(0, 4, 10).astype(np.float32)
    xs = rng.uniform(0, 5, 10).astype(np.float32)
    out = resize(img, interp_matrix(5, 9), interp_matrix(6, 11))
    print("bilinear", bilinear_sample(img, ys, xs).shape, out.shape)


if __name__ == "__main__":
    main()
