"""Ordinary numpy code (no ndtyping): least squares by the normal equations and gradient descent."""

from typing import Any

import numpy as np
import numpy.typing as npt


def fit(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    xt = np.transpose(x)
    return np.linalg.solve(xt @ x, xt @ y)


def gradient_step(w: npt.NDArray[np.float64], x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], lr: float) -> npt.NDArray[np.float64]:
    residual = x @ w - y
    grad = np.dot(np.transpose(x), residual) / len(y)
    return w - lr * grad


def predict(w: npt.NDArray[np.float64], x: np.ndarray[Any, Any]) -> npt.NDArray[np.float64]:
    return np.matmul(x, w)


def main() -> None:
    rng = np.random.default_rng(2)
    x = np.concatenate([np.ones((50, 1)), rng.standard_normal((50, 2))], axis=1)
    y = x @ np.array([1.0, 2.0, -1.0]) + 0.01 * rng.standard_normal(50)
    w = fit(x, y)
    v = np.zeros(3)
    for _ in range(10):
        v = gradient_step(v, x, y, 0.1)
    print(w, v, predict(w, x)[:3], np.mean(np.abs(predict(w, x) - y)))


if __name__ == "__main__":
    main()
