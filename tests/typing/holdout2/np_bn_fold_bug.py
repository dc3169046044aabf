"""Folding inference-mode batch norm into the preceding convolution's weights and bias."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Out = DimensionVar("Out")
In = DimensionVar("In")
KH = DimensionVar("KH")
KW = DimensionVar("KW")
Batch = DimensionVar("Batch")
H = DimensionVar("H")
W = DimensionVar("W")


def fold_batchnorm(
    weight: NDArray[float32, Out, In, KH, KW],
    bias: NDArray[float32, Out],
    gamma: NDArray[float32, Out],
    beta: NDArray[float32, Out],
    mean: NDArray[float32, Out],
    var: NDArray[float32, Out],
    eps: float = 1e-5,
) -> tuple[NDArray[float32, Out, In, KH, KW], NDArray[float32, Out]]:
    scale = gamma / np.sqrt(var + eps)
    folded_w = weight * scale  # BUG: scale needs new axes: (Out,) broadcasts against the last kernel axis
    folded_b = (bias - mean) * scale + beta
    return folded_w, folded_b


def pointwise_conv(x: NDArray[float32, Batch, In, H, W], weight: NDArray[float32, Out, In, KH, KW], bias: NDArray[float32, Out]) -> NDArray[float32, Batch, Out, H, W]:
    # a 1x1 convolution: the kernel's spatial axes are size 1
    y = np.einsum("bihw,oi->bohw", x, weight[:, :, 0, 0])
    return y + bias[None, :, None, None]


def batchnorm(y: NDArray[float32, Batch, Out, H, W], gamma: NDArray[float32, Out], beta: NDArray[float32, Out], mean: NDArray[float32, Out], var: NDArray[float32, Out]) -> NDArray[float32, Batch, Out, H, W]:
    shape = (1, -1, 1, 1)
    return (y - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + 1e-5) * gamma.reshape(shape) + beta.reshape(shape)


def main() -> None:
    rng = np.random.default_rng(8)
    f32 = np.float32
    weight = rng.normal(size=(6, 4, 1, 1)).astype(f32)
    bias = rng.normal(size=6).astype(f32)
    gamma, beta, mean = (rng.normal(size=6).astype(f32) for _ in range(3))
    var = rng.uniform(0.5, 2.0, size=6).astype(f32)
    x = rng.normal(size=(2, 4, 5, 3)).astype(f32)
    expected = batchnorm(pointwise_conv(x, weight, bias), gamma, beta, mean, var)
    folded_w, folded_b = fold_batchnorm(weight, bias, gamma, beta, mean, var)
    assert np.allclose(pointwise_conv(x, folded_w, folded_b), expected, atol=1e-4)
    print("folded ok", folded_w.shape)


if __name__ == "__main__":
    main()
