"""Two-layer perceptron: forward pass and squared-error loss (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Hidden = DimensionVar("Hidden")
Out = DimensionVar("Out")


def dense(
    x: NDArray[float32, Batch, In], w: NDArray[float32, In, Out], b: NDArray[float32, Out]
) -> NDArray[float32, Batch, Out]:
    return x @ w + b


def relu(x: NDArray[float32, Batch, Hidden]) -> NDArray[float32, Batch, Hidden]:
    return np.maximum(x, 0.0)


def mlp(
    x: NDArray[float32, Batch, In],
    w1: NDArray[float32, In, Hidden],
    b1: NDArray[float32, Hidden],
    w2: NDArray[float32, Hidden, Out],
    b2: NDArray[float32, Out],
) -> NDArray[float32, Batch, Out]:
    h = relu(dense(x, w1, b1))
    return dense(h, w2, b2)


def mse(pred: NDArray[float32, Batch, Out], target: NDArray[float32, Batch, Out]) -> float:
    return float(((pred - target) ** 2).mean())


def main() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 5), dtype=np.float32)
    w1 = rng.standard_normal((5, 16), dtype=np.float32) * 0.1
    b1 = np.zeros(16, dtype=np.float32)
    w2 = rng.standard_normal((16, 3), dtype=np.float32) * 0.1
    b2 = np.zeros(3, dtype=np.float32)
    y = rng.standard_normal((8, 3), dtype=np.float32)
    out = mlp(x, w1, b1, w2, b2)
    print("mlp", out.shape, "loss", mse(out, y))


if __name__ == "__main__":
    main()
