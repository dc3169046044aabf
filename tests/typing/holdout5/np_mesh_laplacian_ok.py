"""Uniform mesh Laplacian from triangle faces, and explicit Laplacian smoothing."""

from typing import Literal

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

V = DimensionVar("V")
F = DimensionVar("F")


def adjacency(faces: NDArray[np.int64, F, Literal[3]], n_vertices: int) -> npt.NDArray[np.float64]:
    adj = np.zeros((n_vertices, n_vertices))
    for a, b in ((0, 1), (1, 2), (2, 0)):
        adj[faces[:, a], faces[:, b]] = 1.0
        adj[faces[:, b], faces[:, a]] = 1.0
    return adj


def uniform_laplacian(adj: NDArray[np.float64, V, V]) -> NDArray[np.float64, V, V]:
    degree = adj.sum(axis=1)
    return adj / degree[:, None] - np.eye(adj.shape[0])


def smooth(vertices: NDArray[np.float64, V, Literal[3]], lap: NDArray[np.float64, V, V], lam: float, steps: int) -> NDArray[np.float64, V, Literal[3]]:
    out = vertices.copy()
    for _ in range(steps):
        delta: NDArray[np.float64, V, Literal[3]] = lap @ out
        out = out + lam * delta
    return out


def grid_mesh(rows: int, cols: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    ys, xs = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    verts = np.stack([xs.ravel(), ys.ravel(), np.zeros(rows * cols)], axis=1).astype(np.float64)
    idx = np.arange(rows * cols).reshape(rows, cols)
    a, b, c, d = idx[:-1, :-1].ravel(), idx[:-1, 1:].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel()
    faces = np.concatenate([np.stack([a, b, c], axis=1), np.stack([b, d, c], axis=1)], axis=0)
    return verts, faces.astype(np.int64)


def main() -> None:
    verts, faces = grid_mesh(5, 7)
    rng = np.random.default_rng(6)
    noisy = verts + 0.1 * rng.standard_normal(verts.shape)
    lap = uniform_laplacian(adjacency(faces, verts.shape[0]))
    smoothed = smooth(noisy, lap, 0.5, 10)
    assert smoothed.shape == (35, 3)
    assert np.abs(smoothed[:, 2]).mean() < np.abs(noisy[:, 2]).mean()


if __name__ == "__main__":
    main()
