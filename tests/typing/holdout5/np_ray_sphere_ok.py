"""Ray-sphere intersection for a pinhole camera: nearest hit distance, hit sphere and normals."""

from typing import Any, Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

R = DimensionVar("R")
S = DimensionVar("S")


def camera_rays(height: int, width: int, fov: float) -> NDArray[np.float64, Literal[3], Any, Any]:
    t = np.tan(fov / 2.0)
    ys, xs = np.meshgrid(np.linspace(t, -t, height), np.linspace(-t, t, width), indexing="ij")
    d = np.stack([xs, ys, -np.ones_like(xs)], axis=0)
    return d / np.linalg.norm(d, axis=0, keepdims=True)


def intersect(
    origin: NDArray[np.float64, Literal[3]],
    dirs: NDArray[np.float64, R, Literal[3]],
    centres: NDArray[np.float64, S, Literal[3]],
    radii: NDArray[np.float64, S],
) -> tuple[NDArray[np.float64, R], NDArray[np.int64, R]]:
    oc = origin[None, :] - centres
    b: NDArray[np.float64, R, S] = dirs @ oc.T
    c = (oc * oc).sum(axis=1) - radii**2
    disc = b * b - c[None, :]
    t = -b - np.sqrt(np.maximum(disc, 0.0))
    t = np.where((disc > 0.0) & (t > 1e-6), t, np.inf)
    return t.min(axis=1), t.argmin(axis=1)


def normals(points: NDArray[np.float64, R, Literal[3]], centres: NDArray[np.float64, R, Literal[3]]) -> NDArray[np.float64, R, Literal[3]]:
    n = points - centres
    return n / np.linalg.norm(n, axis=-1, keepdims=True)


def main() -> None:
    dirs = camera_rays(12, 16, np.pi / 3).reshape(3, -1).T
    centres = np.array([[0.0, 0.0, -5.0], [1.5, 0.5, -7.0]])
    radii = np.array([1.0, 0.75])
    origin = np.zeros(3)
    t, which = intersect(origin, dirs, centres, radii)
    assert t.shape == (192,) and which.shape == (192,)
    hit = np.isfinite(t)
    pts = origin + t[hit][:, None] * dirs[hit]
    n = normals(pts, centres[which[hit]])
    assert np.allclose(np.linalg.norm(n, axis=1), 1.0)


if __name__ == "__main__":
    main()
