"""Adam on a linear least-squares model, the update written out by hand (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Out = DimensionVar("Out")


def mse_grad(x: NDArray[float32, Batch, In], y: NDArray[float32, Batch, Out], w: NDArray[float32, In, Out]) -> NDArray[float32, In, Out]:
    err = x @ w - y
    return 2.0 * x.T @ err / x.shape[0]


def adam_update(
    w: NDArray[float32, In, Out],
    grad: NDArray[float32, In, Out],
    m: NDArray[float32, In, Out],
    v: NDArray[float32, In, Out],
    step: int,
    lr: float = 1e-2,
    b1: float = 0.9,
    b2: float = 0.999,
    eps: float = 1e-8,
) -> tuple[NDArray[float32, In, Out], NDArray[float32, In, Out], NDArray[float32, In, Out]]:
    m = b1 * m + (1 - b1) * grad
    v = b2 * v + (1 - b2) * grad**2
    m_hat = m / (1 - b1**step)
    v_hat = v / (1 - b2**step)
    return w - lr * m_hat / (np.sqrt(v_hat) + eps), m, v


def train(x: NDArray[float32, Batch, In], y: NDArray[float32, Batch, Out], steps: int) -> NDArray[float32, In, Out]:
    w = np.zeros((x.shape[1], y.shape[1]), dtype=np.float32)
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for step in range(1, steps + 1):
        w, m, v = adam_update(w, mse_grad(x, y, w), m, v, step)
    return w


def main() -> None:
    rng = np.random.default_rng(5)
    x = rng.standard_normal((32, 5), dtype=np.float32)
    true_w = rng.standard_normal((5, 2), dtype=np.float32)
    w = train(x, x @ true_w, 50)
    print("adam", w.shape)


if __name__ == "__main__":
    main()
