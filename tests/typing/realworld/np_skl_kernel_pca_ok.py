"""Kernel PCA with an RBF kernel as scikit-learn's KernelPCA does it: centre the kernel matrix,
keep the top eigenvectors, and project new points with the kernel centred by the training
statistics."""

from dataclasses import dataclass
from typing import Any, Generic

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")
F = DimensionVar("F")
K = DimensionVar("K")


@dataclass
class KernelPCAModel(Generic[N, F, K]):
    X_fit: NDArray[np.float64, N, F]
    alphas: NDArray[np.float64, N, K]
    lambdas: NDArray[np.float64, K]
    K_fit_rows: NDArray[np.float64, N]
    K_fit_all: float
    gamma: float


def rbf(X: NDArray[np.float64, M, F], Y: NDArray[np.float64, N, F], gamma: float) -> NDArray[np.float64, M, N]:
    d2 = np.sum(X**2, axis=1)[:, None] + np.sum(Y**2, axis=1)[None, :] - 2 * X @ Y.T
    return np.exp(-gamma * np.maximum(d2, 0.0))


def fit_kernel_pca(X: NDArray[np.float64, N, F], n_components: int, gamma: float) -> KernelPCAModel[N, F, Any]:
    K_raw = rbf(X, X, gamma)
    K_fit_rows = K_raw.mean(axis=0)
    K_fit_all = float(K_fit_rows.mean())
    K_c = K_raw - K_fit_rows[None, :] - K_fit_rows[:, None] + K_fit_all
    eigvals, eigvecs = np.linalg.eigh(K_c)
    order = np.argsort(eigvals)[::-1][:n_components]
    lambdas = eigvals[order]
    alphas = eigvecs[:, order]
    return KernelPCAModel(X, alphas, lambdas, K_fit_rows, K_fit_all, gamma)


def transform(model: KernelPCAModel[N, F, K], X: NDArray[np.float64, M, F]) -> NDArray[np.float64, M, K]:
    K_new = rbf(X, model.X_fit, model.gamma)
    K_pred_cols = K_new.mean(axis=1)[:, None]
    K_c = K_new - model.K_fit_rows[None, :] - K_pred_cols + model.K_fit_all
    return K_c @ (model.alphas / np.sqrt(model.lambdas))


def main() -> None:
    rng = np.random.default_rng(20)
    angles = rng.uniform(0, 2 * np.pi, 60)
    radii = np.repeat([1.0, 3.0], 30)
    X = np.stack([radii * np.cos(angles), radii * np.sin(angles)], axis=1) + 0.05 * rng.normal(size=(60, 2))
    model = fit_kernel_pca(X, n_components=4, gamma=0.5)
    assert model.alphas.shape == (60, 4) and model.lambdas.shape == (4,)
    Z = transform(model, X)
    assert Z.shape == (60, 4)
    # on the training data the projection is alphas * sqrt(lambdas)
    assert np.allclose(Z, model.alphas * np.sqrt(model.lambdas), atol=1e-8)
    Z_new = transform(model, X[:7] * 1.01)
    assert Z_new.shape == (7, 4)


if __name__ == "__main__":
    main()
