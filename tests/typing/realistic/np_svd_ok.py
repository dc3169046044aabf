"""Orthogonal Procrustes alignment and matrix rank with np.linalg.svd (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
D = DimensionVar("D")


def procrustes_rotation(source: NDArray[float64, N, D], target: NDArray[float64, N, D]) -> NDArray[float64, D, D]:
    m = source.T @ target
    u, _, vt = np.linalg.svd(m)
    return u @ vt


def align(source: NDArray[float64, N, D], target: NDArray[float64, N, D]) -> NDArray[float64, N, D]:
    rotation = procrustes_rotation(source, target)
    return source @ rotation


def numerical_rank(a: NDArray[float64, N, D], tol: float = 1e-10) -> int:
    s = np.linalg.svd(a, compute_uv=False)
    return int((s > tol * s.max()).sum())


def main() -> None:
    rng = np.random.default_rng(22)
    pts = rng.standard_normal((20, 3))
    angle = 0.7
    rot = np.array([[np.cos(angle), -np.sin(angle), 0.0], [np.sin(angle), np.cos(angle), 0.0], [0.0, 0.0, 1.0]])
    aligned = align(pts, pts @ rot)
    print("procrustes", aligned.shape, float(np.abs(aligned - pts @ rot).max()) < 1e-8, numerical_rank(pts))


if __name__ == "__main__":
    main()
