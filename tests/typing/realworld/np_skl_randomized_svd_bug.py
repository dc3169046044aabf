"""A truncated SVD by random projections, after scikit-learn's randomized_range_finder() and
randomized_svd() (Halko, Martinsson and Tropp): a Gaussian test matrix, power iterations with QR
re-orthonormalisation, and the small SVD of the projected matrix."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

M = DimensionVar("M")
N = DimensionVar("N")


def randomized_range_finder(A: NDArray[np.float64, M, N], size: int, n_iter: int, rng: np.random.Generator) -> NDArray[np.float64, M, Any]:
    Q = rng.standard_normal(size=(A.shape[0], size))  # BUG: test matrix (M, size) from A's row count; A @ Q needs (N, size)
    for _ in range(n_iter):
        Q, _ = np.linalg.qr(A @ Q)
        Q, _ = np.linalg.qr(A.T @ Q)
    Q, _ = np.linalg.qr(A @ Q)
    return Q


def randomized_svd(
    A: NDArray[np.float64, M, N], n_components: int, n_oversamples: int = 10, n_iter: int = 4, seed: int = 0
) -> tuple[NDArray[np.float64, M, Any], NDArray[np.float64, Any], NDArray[np.float64, Any, N]]:
    rng = np.random.default_rng(seed)
    Q = randomized_range_finder(A, n_components + n_oversamples, n_iter, rng)
    B = Q.T @ A
    Uhat, s, Vt = np.linalg.svd(B, full_matrices=False)
    U = Q @ Uhat
    return U[:, :n_components], s[:n_components], Vt[:n_components, :]


def low_rank_matrix(n_rows: int, n_cols: int, rank: int, rng: np.random.Generator) -> NDArray[np.float64, Any, Any]:
    left, _ = np.linalg.qr(rng.normal(size=(n_rows, rank)))
    right, _ = np.linalg.qr(rng.normal(size=(n_cols, rank)))
    singular = 10.0 ** -np.arange(rank, dtype=np.float64) * 0.5
    return (left * singular) @ right.T


def main() -> None:
    rng = np.random.default_rng(21)
    A = low_rank_matrix(80, 35, rank=6, rng=rng) + 1e-6 * rng.normal(size=(80, 35))
    U, s, Vt = randomized_svd(A, n_components=4)
    assert U.shape == (80, 4) and s.shape == (4,) and Vt.shape == (4, 35)
    s_exact = np.linalg.svd(A, compute_uv=False)[:4]
    assert np.allclose(s, s_exact, rtol=1e-6)
    assert np.allclose(U.T @ U, np.eye(4), atol=1e-10)


if __name__ == "__main__":
    main()
