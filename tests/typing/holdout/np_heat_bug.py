"""Explicit finite differences for the 2-D heat equation on a grid, with fixed boundaries (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Rows = DimensionVar("Rows")
Cols = DimensionVar("Cols")


def laplacian(u: NDArray[float64, Rows, Cols]) -> NDArray[float64, Rows, Cols]:
    padded = np.pad(u, 1, mode="edge")
    return padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:] - 4 * u


def step(u: NDArray[float64, Rows, Cols], alpha: float, dt: float) -> NDArray[float64, Rows, Cols]:
    out = u + alpha * dt * laplacian(u)
    out[0, :] = 0.0
    out[-1, :] = 0.0
    out[:, 0] = 0.0
    out[:, -1] = 0.0
    return out


def row_profile(u: NDArray[float64, Rows, Cols]) -> NDArray[float64, Rows]:
    return u.mean(axis=0)  # BUG: averages over rows, giving a column profile


def gradient_magnitude(u: NDArray[float64, Rows, Cols]) -> NDArray[float64, Rows, Cols]:
    gy, gx = np.gradient(u)
    return np.hypot(gx, gy)


def main() -> None:
    u = np.zeros((8, 11))
    u[3:5, 4:7] = 1.0
    for _ in range(20):
        u = step(u, 1.0, 0.1)
    print("heat", row_profile(u).shape, gradient_magnitude(u).shape, float(u.sum()))


if __name__ == "__main__":
    main()
