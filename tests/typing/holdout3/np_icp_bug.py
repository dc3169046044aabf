"""Point-to-point ICP on 3-D point clouds: nearest neighbours by brute force, the best rigid
transform by SVD, accumulated as a 4x4 homogeneous matrix."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")
L3 = Literal[3]
L4 = Literal[4]


def nearest(src: NDArray[np.float64, N, L3], dst: NDArray[np.float64, M, L3]) -> NDArray[np.int64, N]:
    d2 = ((src[:, None, :] - dst[None, :, :]) ** 2).sum(axis=-1)
    return d2.argmin(axis=1)


def best_rigid(a: NDArray[np.float64, N, L3], b: NDArray[np.float64, N, L3]) -> tuple[NDArray[np.float64, L3, L3], NDArray[np.float64, L3]]:
    ca = a.mean(axis=0)
    cb = b.mean(axis=0)
    h = (a - ca).T @ (b - cb)
    u, _, vt = np.linalg.svd(h)
    r = vt.T @ u.T
    if np.linalg.det(r) < 0:
        vt[-1] *= -1
        r = vt.T @ u.T
    return r, cb - r @ ca


def to_homogeneous(r: NDArray[np.float64, L3, L3], t: NDArray[np.float64, L3]) -> NDArray[np.float64, L4, L4]:
    m = np.eye(4)
    m[:3, :3] = r
    m[:3, 3] = t
    return m


def transform(m: NDArray[np.float64, L4, L4], pts: NDArray[np.float64, N, L3]) -> NDArray[np.float64, N, L3]:
    return pts @ m[:4, :3].T + m[:3, 3]  # BUG: takes 4 rows of the 4x4 matrix: (N, 4), not (N, 3)


def icp(src: NDArray[np.float64, N, L3], dst: NDArray[np.float64, M, L3], iters: int) -> NDArray[np.float64, L4, L4]:
    total = np.eye(4)
    cur = src.copy()
    for _ in range(iters):
        idx = nearest(cur, dst)
        r, t = best_rigid(cur, dst[idx])
        step = to_homogeneous(r, t)
        cur = transform(step, cur)
        total = step @ total
    return total


def main() -> None:
    rng = np.random.default_rng(15)
    dst = rng.uniform(-1, 1, size=(40, 3))
    angle = 0.1
    rot = np.array([[np.cos(angle), -np.sin(angle), 0.0], [np.sin(angle), np.cos(angle), 0.0], [0.0, 0.0, 1.0]])
    src = (dst[:25] - 0.05) @ rot
    m = icp(src, dst, iters=15)
    moved = transform(m, src)
    assert np.abs(moved - dst[nearest(moved, dst)]).max() < 0.05
