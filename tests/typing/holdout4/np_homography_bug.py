"""Homography by the direct linear transform (SVD), with point normalisation and reprojection error."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

P = DimensionVar("P")

L2 = Literal[2]
L3 = Literal[3]


def to_homogeneous(pts: NDArray[float64, P, L2]) -> NDArray[float64, P, L3]:
    return np.concatenate([pts, np.ones((pts.shape[0], 1))], axis=1)


def normaliser(pts: NDArray[float64, P, L2]) -> NDArray[float64, L3, L3]:
    centre = pts.mean(axis=0)
    scale = np.sqrt(2.0) / np.linalg.norm(pts - centre, axis=1).mean()
    return np.array([[scale, 0.0, -scale * centre[0]], [0.0, scale, -scale * centre[1]], [0.0, 0.0, 1.0]])


def apply_homography(h: NDArray[float64, L3, L3], pts: NDArray[float64, P, L2]) -> NDArray[float64, P, L2]:
    mapped = h @ to_homogeneous(pts)  # BUG: operands swapped: (3, 3) @ (P, 3) instead of points @ H^T
    return mapped[:, :2] / mapped[:, 2:]


def dlt(src: NDArray[float64, P, L2], dst: NDArray[float64, P, L2]) -> NDArray[float64, L3, L3]:
    t_src, t_dst = normaliser(src), normaliser(dst)
    a, b = apply_homography(t_src, src), apply_homography(t_dst, dst)
    rows = []
    for (x, y), (u, v) in zip(a, b):
        rows.append([-x, -y, -1.0, 0.0, 0.0, 0.0, u * x, u * y, u])
        rows.append([0.0, 0.0, 0.0, -x, -y, -1.0, v * x, v * y, v])
    _, _, vt = np.linalg.svd(np.array(rows))
    h_norm = vt[-1].reshape(3, 3)
    h = np.linalg.inv(t_dst) @ h_norm @ t_src
    return h / h[2, 2]


def reprojection_error(h: NDArray[float64, L3, L3], src: NDArray[float64, P, L2], dst: NDArray[float64, P, L2]) -> NDArray[float64, P]:
    return np.linalg.norm(apply_homography(h, src) - dst, axis=1)


def main() -> None:
    rng = np.random.default_rng(11)
    h_true = np.array([[1.1, 0.05, 3.0], [-0.02, 0.95, -2.0], [1e-3, -2e-3, 1.0]])
    src = rng.uniform(0, 100, size=(12, 2))
    dst = apply_homography(h_true, src)
    h = dlt(src, dst)
    assert h.shape == (3, 3)
    assert float(reprojection_error(h, src, dst).max()) < 1e-6


if __name__ == "__main__":
    main()
