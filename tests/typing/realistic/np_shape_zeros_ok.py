"""Sizes read from x.shape to allocate outputs: a manual convolution-like loop and one-hot (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

N = DimensionVar("N")
D = DimensionVar("D")
C = DimensionVar("C")


def moving_sum(x: NDArray[float32, N, D], window: int) -> NDArray[float32, N, D]:
    n, d = x.shape
    out = np.zeros((n, d), dtype=np.float32)
    for i in range(n):
        out[i] = x[max(0, i - window + 1) : i + 1].sum(axis=0)
    return out


def zero_grad(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    n, d = x.shape
    return np.zeros((n, d), dtype=np.float32)


def one_hot_like(labels: NDArray[int64, N], logits: NDArray[float32, N, C]) -> NDArray[float32, N, C]:
    n, c = logits.shape
    out = np.zeros((n, c), dtype=np.float32)
    out[np.arange(n), labels] = 1.0
    return out


def main() -> None:
    rng = np.random.default_rng(38)
    x = rng.standard_normal((6, 3), dtype=np.float32)
    logits = rng.standard_normal((6, 4), dtype=np.float32)
    print("alloc", moving_sum(x, 2).shape, zero_grad(x).shape, one_hot_like(rng.integers(0, 4, 6), logits).shape)


if __name__ == "__main__":
    main()
