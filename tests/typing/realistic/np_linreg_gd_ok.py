"""Multi-output linear regression by gradient descent (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N", bound=int)
D = DimensionVar("D")
T = DimensionVar("T")


def predict(x: NDArray[float64, N, D], w: NDArray[float64, D, T], b: NDArray[float64, T]) -> NDArray[float64, N, T]:
    return x @ w + b


def grads(x: NDArray[float64, N, D], y: NDArray[float64, N, T], w: NDArray[float64, D, T], b: NDArray[float64, T]) -> tuple[NDArray[float64, D, T], NDArray[float64, T]]:
    err = predict(x, w, b) - y
    n = x.shape[0]
    return x.T @ err * (2.0 / n), err.mean(axis=0) * 2.0


def fit(x: NDArray[float64, N, D], y: NDArray[float64, N, T], steps: int = 200, lr: float = 0.1) -> tuple[NDArray[float64, D, T], NDArray[float64, T]]:
    w = np.zeros((x.shape[1], y.shape[1]))
    b = np.zeros(y.shape[1])
    for _ in range(steps):
        gw, gb = grads(x, y, w, b)
        w, b = w - lr * gw, b - lr * gb
    return w, b


def main() -> None:
    rng = np.random.default_rng(50)
    x = rng.standard_normal((60, 3))
    y = x @ rng.standard_normal((3, 2)) + 1.0
    w, b = fit(x, y)
    print("gd", w.shape, b.round(2))


if __name__ == "__main__":
    main()
