"""A dense layer and a residual MLP over any number of leading batch axes, with ShapeVar (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, ShapeVar, float32

Batch = ShapeVar("Batch")
In = DimensionVar("In")
Out = DimensionVar("Out")


def dense(x: NDArray[float32, *Batch, In], w: NDArray[float32, In, Out], b: NDArray[float32, Out]) -> NDArray[float32, *Batch, Out]:
    return x @ w + b


def residual_mlp(x: NDArray[float32, *Batch, In], w1: NDArray[float32, In, Out], w2: NDArray[float32, Out, In]) -> NDArray[float32, *Batch, In]:
    h = np.maximum(x @ w1, 0.0)
    return x + h @ w1  # BUG: first layer's weight used in the second layer


def main() -> None:
    rng = np.random.default_rng(51)
    x = rng.standard_normal((2, 3, 4), dtype=np.float32)
    w = rng.standard_normal((4, 5), dtype=np.float32)
    b = np.zeros(5, dtype=np.float32)
    w2 = rng.standard_normal((5, 4), dtype=np.float32)
    print("batched dense", dense(x, w, b).shape, dense(x[0], w, b).shape, residual_mlp(x, w, w2).shape)


if __name__ == "__main__":
    main()
