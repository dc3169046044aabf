"""Similarity Procrustes (Umeyama): rotation, scale and translation that map one point set onto
another, with the reflection fix, and the RMSD after alignment."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")


def centre(x: NDArray[np.float64, N, D]) -> tuple[NDArray[np.float64, N, D], NDArray[np.float64, D]]:
    return x - x.mean(axis=0), x.mean(axis=0)


def procrustes(
    src: NDArray[np.float64, N, D], dst: NDArray[np.float64, N, D]
) -> tuple[NDArray[np.float64, D, D], float, NDArray[np.float64, D]]:
    a, mu_a = centre(src)
    b, mu_b = centre(dst)
    h = a.T @ b
    u, s, vt = np.linalg.svd(h)
    sign = np.sign(np.linalg.det(vt.T @ u.T))
    corr = np.diag([1.0] * (h.shape[0] - 1) + [float(sign)])
    r = vt.T @ corr @ u.T
    scale = float((s * np.diag(corr)).sum() / (a**2).sum())
    t = mu_b - scale * (r @ mu_a)
    return r, scale, t


def apply(r: NDArray[np.float64, D, D], scale: float, t: NDArray[np.float64, D], x: NDArray[np.float64, N, D]) -> NDArray[np.float64, N, D]:
    return scale * x @ r.T + t


def rmsd(a: NDArray[np.float64, N, D], b: NDArray[np.float64, N, D]) -> float:
    return float(np.sqrt(((a - b) ** 2).sum(axis=1).mean()))


def main() -> None:
    rng = np.random.default_rng(14)
    n, d = 10, 3
    src = rng.normal(size=(n, d))
    q, _ = np.linalg.qr(rng.normal(size=(d, d)))
    if np.linalg.det(q) < 0:
        q[:, 0] *= -1
    dst = 1.7 * src @ q.T + np.array([0.5, -1.0, 2.0])
    r, scale, t = procrustes(src, dst)
    assert abs(scale - 1.7) < 1e-6 and np.allclose(r, q)
    assert rmsd(apply(r, scale, t, src), dst) < 1e-8
