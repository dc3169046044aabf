"""Smooth L1 loss and a sign-based update, with unary minus and np.abs (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def smooth_l1(pred: NDArray[float32, N, D], target: NDArray[float32, N, D], beta: float = 1.0) -> NDArray[float32, N]:
    diff = np.abs(pred - target)
    loss = np.where(diff < beta, 0.5 * diff**2 / beta, diff - 0.5 * beta)
    return loss  # BUG: forgot to reduce over the features


def sign_descent(w: NDArray[float32, D], grad: NDArray[float32, D], lr: float) -> NDArray[float32, D]:
    return w - lr * np.sign(grad)


def negative_log(p: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    return -np.log(np.clip(p, 1e-7, 1.0))


def main() -> None:
    rng = np.random.default_rng(41)
    p = rng.standard_normal((5, 3), dtype=np.float32)
    t = rng.standard_normal((5, 3), dtype=np.float32)
    print("l1", smooth_l1(p, t).shape, sign_descent(np.zeros(3, np.float32), t[0], 0.1).shape, negative_log(np.abs(p)).shape)


if __name__ == "__main__":
    main()
