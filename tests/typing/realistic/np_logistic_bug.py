"""Logistic regression: probabilities, hard predictions, log-loss and its gradient (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

N = DimensionVar("N", bound=int)
D = DimensionVar("D")


def sigmoid(z: NDArray[float64, N]) -> NDArray[float64, N]:
    return 1.0 / (1.0 + np.exp(-z))


def predict_proba(x: NDArray[float64, N, D], w: NDArray[float64, D], b: float) -> NDArray[float64, N]:
    return sigmoid(x @ w + b)


def predict(x: NDArray[float64, N, D], w: NDArray[float64, D], b: float) -> NDArray[int64, N]:
    return predict_proba(x, w, b) > 0.5  # BUG: boolean predictions where int64 labels are declared


def gradient(x: NDArray[float64, N, D], y: NDArray[float64, N], w: NDArray[float64, D], b: float) -> NDArray[float64, D]:
    err = predict_proba(x, w, b) - y
    return x.T @ err / x.shape[0]


def main() -> None:
    rng = np.random.default_rng(33)
    x = rng.standard_normal((40, 3))
    y = (x[:, 0] > 0).astype(np.float64)
    w = np.zeros(3)
    for _ in range(100):
        w = w - 0.5 * gradient(x, y, w, 0.0)
    print("logistic", float((predict(x, w, 0.0) == y).mean()))


if __name__ == "__main__":
    main()
