"""Principal component analysis as scikit-learn's PCA does it with the full SVD: centre, SVD,
deterministic signs (svd_flip), explained variance, transform with optional whitening and the
inverse transform."""

from typing import Any, Generic, NamedTuple

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
F = DimensionVar("F")
K = DimensionVar("K")
R = DimensionVar("R")


class PCAModel(NamedTuple, Generic[K, F]):
    mean: NDArray[np.float64, F]
    components: NDArray[np.float64, K, F]
    explained_variance: NDArray[np.float64, K]
    explained_variance_ratio: NDArray[np.float64, K]


def svd_flip(u: NDArray[np.float64, N, R], v: NDArray[np.float64, R, F]) -> tuple[NDArray[np.float64, N, R], NDArray[np.float64, R, F]]:
    """Make the largest loading of each column of u positive, so the output is deterministic."""
    max_abs_rows = np.argmax(np.abs(u), axis=0)
    signs = np.sign(u[max_abs_rows, np.arange(u.shape[1])])
    return u * signs, v * signs[:, np.newaxis]


def fit_pca(X: NDArray[np.float64, N, F], n_components: int) -> PCAModel[Any, F]:
    n_samples = X.shape[0]
    mean = X.mean(axis=0)
    U, S, Vt = np.linalg.svd(X - mean, full_matrices=False)
    U, Vt = svd_flip(U, Vt)
    explained_variance = S**2 / (n_samples - 1)
    ratio = explained_variance / explained_variance.sum()
    return PCAModel(mean, Vt[:n_components], explained_variance[:n_components], ratio[:n_components])


def transform(model: PCAModel[K, F], X: NDArray[np.float64, N, F], whiten: bool = False) -> NDArray[np.float64, N, K]:
    X_centered = X - model.mean
    X_new = X_centered @ model.components  # BUG: components (K, F) not transposed
    if whiten:
        X_new = X_new / np.sqrt(model.explained_variance)
    return X_new


def inverse_transform(model: PCAModel[K, F], Z: NDArray[np.float64, N, K]) -> NDArray[np.float64, N, F]:
    return Z @ model.components + model.mean


def reconstruction_error(model: PCAModel[K, F], X: NDArray[np.float64, N, F]) -> float:
    X_hat = inverse_transform(model, transform(model, X))
    return float(np.mean(np.sum((X - X_hat) ** 2, axis=1)))


def main() -> None:
    rng = np.random.default_rng(4)
    latent = rng.normal(size=(120, 3)) * np.array([5.0, 2.0, 1.0])
    mixing = rng.normal(size=(3, 7))
    X = latent @ mixing + 0.05 * rng.normal(size=(120, 7)) + 3.0
    model = fit_pca(X, n_components=3)
    assert model.components.shape == (3, 7) and model.mean.shape == (7,)
    assert model.explained_variance_ratio.sum() > 0.99
    Z = transform(model, X, whiten=True)
    assert Z.shape == (120, 3)
    assert np.allclose(Z.std(axis=0, ddof=1), 1.0)
    assert reconstruction_error(model, X) < 0.05


if __name__ == "__main__":
    main()
