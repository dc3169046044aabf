"""Pinhole camera: homogeneous coordinates, world-to-pixel projection, reprojection error (numpy)."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Point = DimensionVar("Point")


def to_homogeneous(points: NDArray[float64, Point, Literal[3]]) -> NDArray[float64, Point, Literal[4]]:
    return np.concatenate([points, np.ones((points.shape[0], 1))], axis=1)


def projection_matrix(k: NDArray[float64, Literal[3], Literal[3]], r: NDArray[float64, Literal[3], Literal[3]], t: NDArray[float64, Literal[3]]) -> NDArray[float64, Literal[3], Literal[4]]:
    return k @ np.hstack([r, t[:, None]])


def project(p: NDArray[float64, Literal[3], Literal[4]], points: NDArray[float64, Point, Literal[3]]) -> NDArray[float64, Point, Literal[2]]:
    cam = to_homogeneous(points) @ p.T
    return cam[:, :2] / cam[:, 2:3]


def reprojection_error(observed: NDArray[float64, Point, Literal[2]], predicted: NDArray[float64, Point, Literal[2]]) -> float:
    return float(np.linalg.norm(observed - predicted, axis=1).mean())


def main() -> None:
    rng = np.random.default_rng(19)
    k = np.array([[500.0, 0, 320], [0, 500.0, 240], [0, 0, 1]])
    angle = 0.1
    r = np.array([[np.cos(angle), -np.sin(angle), 0], [np.sin(angle), np.cos(angle), 0], [0, 0, 1]])
    points = rng.uniform(-1, 1, (6, 3)) + np.array([0, 0, 5])
    pixels = project(projection_matrix(k, r, np.array([0.1, 0.0, 0.2])), points)
    print("camera", pixels.shape, reprojection_error(pixels, pixels + 0.5))


if __name__ == "__main__":
    main()
