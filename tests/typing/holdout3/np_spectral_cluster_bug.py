"""Spectral clustering: RBF affinities, the symmetric normalised Laplacian, row-normalised
eigenvectors, then a few Lloyd iterations on the embedding."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
F = DimensionVar("F")
E = DimensionVar("E")
K = DimensionVar("K")


def rbf_affinity(x: NDArray[np.float64, N, F], gamma: float) -> NDArray[np.float64, N, N]:
    d2 = ((x[:, None, :] - x[None, :, :]) ** 2).sum(axis=-1)
    a = np.exp(-gamma * d2)
    np.fill_diagonal(a, 0.0)
    return a


def normalised_laplacian(a: NDArray[np.float64, N, N]) -> NDArray[np.float64, N, N]:
    deg = a.sum(axis=1)
    inv_sqrt = 1.0 / np.sqrt(np.maximum(deg, 1e-12))
    return np.eye(a.shape[0]) - inv_sqrt[:, None] * a * inv_sqrt[None, :]


def spectral_embedding(lap: NDArray[np.float64, N, N], k: int) -> NDArray[np.float64, N, Any]:
    _, vecs = np.linalg.eigh(lap)
    emb = vecs[:, :k]
    return emb / np.linalg.norm(emb, axis=1)  # BUG: row norms without keepdims: (N, K) / (N,) does not broadcast


def assign(emb: NDArray[np.float64, N, E], centres: NDArray[np.float64, K, E]) -> NDArray[np.int64, N]:
    d = ((emb[:, None, :] - centres[None, :, :]) ** 2).sum(axis=-1)
    return d.argmin(axis=1)


def update_centres(emb: NDArray[np.float64, N, E], labels: NDArray[np.int64, N], k: int) -> np.ndarray:
    onehot = np.eye(k)[labels]
    counts = onehot.sum(axis=0)
    return (onehot.T @ emb) / np.maximum(counts, 1.0)[:, None]


def main() -> None:
    rng = np.random.default_rng(6)
    blobs = [rng.normal(loc=c, scale=0.3, size=(7, 2)) for c in ((0, 0), (4, 0), (0, 4), (4, 4))]
    x = np.concatenate(blobs)  # 28 points, 2 features
    lap = normalised_laplacian(rbf_affinity(x, gamma=0.5))
    emb = spectral_embedding(lap, 3)
    centres = emb[[0, 7, 14, 21]]
    for _ in range(5):
        labels = assign(emb, centres)
        centres = update_centres(emb, labels, 4)
    labels = assign(emb, centres)
    assert labels.shape == (28,) and len(set(labels.tolist())) >= 2
