"""A 'same' 2-D convolution written as im2col followed by one matrix product."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Chan = DimensionVar("Chan", bound=int)
Out = DimensionVar("Out", bound=int)
Height = DimensionVar("Height", bound=int)
Width = DimensionVar("Width", bound=int)
KH = DimensionVar("KH", bound=int)
KW = DimensionVar("KW", bound=int)


def im2col(image: NDArray[float32, Chan, Height, Width], kh: int, kw: int) -> NDArray[float32, Any, Any]:
    chan, height, width = image.shape
    padded = np.pad(image, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2)))
    cols = np.empty((chan, kh, kw, height, width), dtype=image.dtype)
    for i in range(kh):
        for j in range(kw):
            cols[:, i, j] = padded[:, i : i + height, j : j + width]
    return cols.reshape(chan * kh * kw, height * width)


def conv2d_same(
    image: NDArray[float32, Chan, Height, Width], weight: NDArray[float32, Out, Chan, KH, KW], bias: NDArray[float32, Out]
) -> NDArray[float32, Out, Height, Width]:
    out_c, _, kh, kw = weight.shape
    _, height, width = image.shape
    cols = im2col(image, kh, kw)
    out = weight.reshape(out_c, -1) @ cols + bias[:, None]
    return out.reshape(out_c, width, height)  # BUG: height and width swapped in the reshape: (Out, Width, Height)


def main() -> None:
    rng = np.random.default_rng(4)
    image = rng.normal(size=(3, 10, 7)).astype(np.float32)
    weight = rng.normal(size=(5, 3, 3, 3)).astype(np.float32)
    bias = np.zeros(5, dtype=np.float32)
    out = conv2d_same(image, weight, bias)
    centre = (weight[:, :, :, :] * image[None, :, 3:6, 2:5]).sum(axis=(1, 2, 3))
    assert np.allclose(out[:, 4, 3], centre, atol=1e-4)
    print("conv out", out.shape)


if __name__ == "__main__":
    main()
