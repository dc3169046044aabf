"""Kernel ridge regression with an RBF kernel, the distances computed as scikit-learn's
euclidean_distances() computes them (squared norms plus a matrix product, clipped at zero), the
dual coefficients by a linear solve."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")
F = DimensionVar("F")
T = DimensionVar("T")


def squared_euclidean(X: NDArray[np.float64, N, F], Y: NDArray[np.float64, M, F]) -> NDArray[np.float64, N, M]:
    XX = np.einsum("ij,ij->i", X, X)[:, np.newaxis]
    YY = np.einsum("ij,ij->i", Y, Y)[:, np.newaxis]  # BUG: Y's squared norms as a column (M, 1), added to (N, M)
    distances = -2 * X @ Y.T
    distances += XX
    distances += YY
    np.maximum(distances, 0, out=distances)
    return distances


def rbf_kernel(X: NDArray[np.float64, N, F], Y: NDArray[np.float64, M, F], gamma: float | None = None) -> NDArray[np.float64, N, M]:
    if gamma is None:
        gamma = 1.0 / X.shape[1]
    return np.exp(-gamma * squared_euclidean(X, Y))


def fit_kernel_ridge(X: NDArray[np.float64, N, F], y: NDArray[np.float64, N, T], alpha: float, gamma: float) -> NDArray[np.float64, N, T]:
    K = rbf_kernel(X, X, gamma)
    K[np.diag_indices_from(K)] += alpha
    return np.linalg.solve(K, y)


def predict(X_train: NDArray[np.float64, N, F], dual_coef: NDArray[np.float64, N, T], X: NDArray[np.float64, M, F], gamma: float) -> NDArray[np.float64, M, T]:
    return rbf_kernel(X, X_train, gamma) @ dual_coef


def targets(X: NDArray[np.float64, N, F]) -> NDArray[np.float64, N, Any]:
    return np.stack([np.sin(X[:, 0]) * np.cos(X[:, 1]), X[:, 0] ** 2 / 9, np.tanh(X[:, 1])], axis=1)


def main() -> None:
    rng = np.random.default_rng(19)
    X = rng.uniform(-3, 3, size=(150, 2))
    dual = fit_kernel_ridge(X, targets(X), alpha=1e-3, gamma=0.3)
    assert dual.shape == (150, 3)
    X_test = rng.uniform(-2.5, 2.5, size=(20, 2))
    pred = predict(X, dual, X_test, gamma=0.3)
    assert pred.shape == (20, 3)
    assert np.mean(np.abs(pred - targets(X_test))) < 0.05
    d = squared_euclidean(X_test, X)
    assert np.allclose(d, ((X_test[:, None, :] - X[None, :, :]) ** 2).sum(axis=-1))


if __name__ == "__main__":
    main()
