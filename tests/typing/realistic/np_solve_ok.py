"""Ridge regression through the normal equations and np.linalg.solve (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
D = DimensionVar("D", bound=int)


def ridge(x: NDArray[float64, N, D], y: NDArray[float64, N], alpha: float = 1e-3) -> NDArray[float64, D]:
    d = x.shape[1]
    gram = x.T @ x + alpha * np.eye(d)
    return np.linalg.solve(gram, x.T @ y)


def predict(x: NDArray[float64, N, D], coef: NDArray[float64, D]) -> NDArray[float64, N]:
    return x @ coef


def residuals(x: NDArray[float64, N, D], y: NDArray[float64, N], coef: NDArray[float64, D]) -> NDArray[float64, N]:
    return y - predict(x, coef)


def main() -> None:
    rng = np.random.default_rng(18)
    x = rng.standard_normal((30, 4))
    y = x @ np.array([1.0, -2.0, 0.5, 3.0]) + 0.01 * rng.standard_normal(30)
    coef = ridge(x, y)
    print("ridge", coef.shape, float(np.abs(residuals(x, y, coef)).max()))


if __name__ == "__main__":
    main()
