"""Gram-Schmidt orthonormalisation by QR and projection onto a subspace (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

M = DimensionVar("M")
K = DimensionVar("K")
N = DimensionVar("N")


def orthonormalise(basis: NDArray[float64, M, K]) -> NDArray[float64, M, K]:
    q, _ = np.linalg.qr(basis)
    return q


def project_onto(basis: NDArray[float64, M, K], vectors: NDArray[float64, N, M]) -> NDArray[float64, N, M]:
    q = orthonormalise(basis)
    return vectors @ q.T @ q  # BUG: transpose on the wrong factor


def residual_norms(basis: NDArray[float64, M, K], vectors: NDArray[float64, N, M]) -> NDArray[float64, N]:
    return np.linalg.norm(vectors - project_onto(basis, vectors), axis=1)


def main() -> None:
    rng = np.random.default_rng(23)
    basis = rng.standard_normal((6, 2))
    vectors = rng.standard_normal((4, 6))
    print("qr", project_onto(basis, vectors).shape, residual_norms(basis, vectors).shape)


if __name__ == "__main__":
    main()
