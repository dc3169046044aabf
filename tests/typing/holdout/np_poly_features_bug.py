"""Degree-2 polynomial features and a ridge fit on them (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
F = DimensionVar("F")
P = DimensionVar("P")


def poly2(x: NDArray[float32, N, F]) -> NDArray[float32, N, Any]:
    n, f = x.shape
    i, j = np.triu_indices(f)
    cross = x[:, i] * x[:, j]
    return np.concatenate([np.ones((n, 1), dtype=np.float32), x, cross], axis=0)  # BUG: features concatenated along the sample axis


def fit_ridge(phi: NDArray[float32, N, P], y: NDArray[float32, N], lam: float = 1e-2) -> NDArray[float32, P]:
    gram = phi.T @ phi + lam * np.eye(phi.shape[1], dtype=np.float32)
    return np.linalg.solve(gram, phi.T @ y)


def predict(phi: NDArray[float32, N, P], coef: NDArray[float32, P]) -> NDArray[float32, N]:
    return phi @ coef


def r2(y: NDArray[float32, N], pred: NDArray[float32, N]) -> float:
    ss_res = np.sum((y - pred) ** 2)
    ss_tot = np.sum((y - y.mean()) ** 2)
    return float(1 - ss_res / ss_tot)


def main() -> None:
    rng = np.random.default_rng(12)
    x = rng.standard_normal((25, 3), dtype=np.float32)
    y = (1 + x[:, 0] * x[:, 1] - 2 * x[:, 2] ** 2).astype(np.float32)
    phi = poly2(x)
    coef = fit_ridge(phi, y)
    print("poly", phi.shape, coef.shape, r2(y, predict(phi, coef)))


if __name__ == "__main__":
    main()
