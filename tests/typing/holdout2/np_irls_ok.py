"""L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares)."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
D = DimensionVar("D")


def sigmoid(z: NDArray[float64, N]) -> NDArray[float64, N]:
    return 1.0 / (1.0 + np.exp(-z))


def newton_step(
    x: NDArray[float64, N, D], y: NDArray[float64, N], w: NDArray[float64, D], lam: float
) -> NDArray[float64, D]:
    p = sigmoid(x @ w)
    grad = x.T @ (p - y) + lam * w
    hess = x.T @ (x * (p * (1.0 - p))[:, None]) + lam * np.eye(w.shape[0])
    return w - np.linalg.solve(hess, grad)


def fit(x: NDArray[float64, N, D], y: NDArray[float64, N], lam: float = 1e-2, steps: int = 8) -> NDArray[float64, D]:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        w = newton_step(x, y, w, lam)
    return w


def accuracy(x: NDArray[float64, N, D], y: NDArray[float64, N], w: NDArray[float64, D]) -> float:
    return float(((x @ w > 0) == (y > 0.5)).mean())


def main() -> None:
    rng = np.random.default_rng(6)
    x = np.hstack([rng.normal(size=(40, 3)), np.ones((40, 1))])
    w_true = np.array([1.5, -2.0, 0.5, 0.2])
    y = (rng.uniform(size=40) < sigmoid(x @ w_true)).astype(np.float64)
    w = fit(x, y)
    assert w.shape == (4,)
    print("train accuracy", accuracy(x, y, w))


if __name__ == "__main__":
    main()
