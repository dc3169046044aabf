"""Multi-target ridge regression solved as scikit-learn's _solve_cholesky does, with the data
centred first (the intercept), kept in float32 as sklearn keeps the input's dtype."""

from dataclasses import dataclass
from typing import Generic

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
F = DimensionVar("F")
T = DimensionVar("T")


@dataclass
class RidgeModel(Generic[T, F]):
    coef: NDArray[np.float32, T, F]
    intercept: NDArray[np.float32, T]


def center_data(
    X: NDArray[np.float32, N, F], y: NDArray[np.float32, N, T]
) -> tuple[NDArray[np.float32, N, F], NDArray[np.float32, N, T], NDArray[np.float32, F], NDArray[np.float32, T]]:
    X_offset = X.mean(axis=0)
    y_offset = y.mean(axis=0)
    return X - X_offset, y - y_offset, X_offset, y_offset


def solve_cholesky(X: NDArray[np.float32, N, F], y: NDArray[np.float32, N, T], alpha: float) -> NDArray[np.float32, T, F]:
    n_features = X.shape[1]
    A = X.T @ X + alpha * np.eye(n_features, dtype=X.dtype)
    Xy = X.T @ y
    return np.linalg.solve(A, Xy).T


def fit_ridge(X: NDArray[np.float32, N, F], y: NDArray[np.float32, N, T], alpha: float = 1.0) -> RidgeModel[T, F]:
    X_c, y_c, X_offset, y_offset = center_data(X, y)
    coef = solve_cholesky(X_c, y_c, alpha)
    intercept = y_offset - X_offset @ coef.T
    return RidgeModel(coef, intercept)


def predict(model: RidgeModel[T, F], X: NDArray[np.float32, N, F]) -> NDArray[np.float32, N, T]:
    return X @ model.coef.T + model.intercept


def r2_score(y: NDArray[np.float32, N, T], y_pred: NDArray[np.float32, N, T]) -> NDArray[np.float32, T]:
    ss_res = ((y - y_pred) ** 2).sum(axis=0)
    ss_tot = ((y - y.mean(axis=0)) ** 2).sum(axis=0)
    return 1 - ss_res / ss_tot


def main() -> None:
    rng = np.random.default_rng(8)
    X = rng.normal(size=(30, 5)).astype(np.float32)
    true_coef = rng.normal(size=(2, 5)).astype(np.float32)
    y = (X @ true_coef.T + np.array([1.0, -2.0], dtype=np.float32) + 0.01 * rng.normal(size=(30, 2))).astype(np.float32)
    model = fit_ridge(X, y, alpha=0.1)
    assert model.coef.shape == (2, 5) and model.coef.dtype == np.float32
    assert model.intercept.shape == (2,) and model.intercept.dtype == np.float32
    y_pred = predict(model, X)
    assert y_pred.dtype == np.float32
    assert np.all(r2_score(y, y_pred) > 0.99)


if __name__ == "__main__":
    main()
