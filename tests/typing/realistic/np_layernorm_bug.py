"""Layer normalisation over the feature axis, with gain and bias (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Feat = DimensionVar("Feat")


def layer_norm(
    x: NDArray[float32, Batch, Feat],
    gain: NDArray[float32, Feat],
    bias: NDArray[float32, Feat],
    eps: float = 1e-5,
) -> NDArray[float32, Batch, Feat]:
    centred = x - x.mean(axis=-1)  # BUG: forgot keepdims: (Batch,) broadcast against (Batch, Feat)
    var = (centred**2).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(var + eps) * gain + bias


def residual_block(
    x: NDArray[float32, Batch, Feat], w: NDArray[float32, Feat, Feat], gain: NDArray[float32, Feat], bias: NDArray[float32, Feat]
) -> NDArray[float32, Batch, Feat]:
    return x + layer_norm(x @ w, gain, bias)


def main() -> None:
    rng = np.random.default_rng(4)
    x = rng.standard_normal((7, 10), dtype=np.float32)
    w = rng.standard_normal((10, 10), dtype=np.float32)
    gain = np.ones(10, dtype=np.float32)
    bias = np.zeros(10, dtype=np.float32)
    y = residual_block(x, w, gain, bias)
    print("layer norm", y.shape, float(layer_norm(x, gain, bias).mean()))


if __name__ == "__main__":
    main()
