"""Finite-volume upwind advection of several tracers on a periodic 1-D grid, with a minmod limiter."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Tracer = DimensionVar("Tracer")
Cell = DimensionVar("Cell")


def minmod(a: NDArray[float64, Tracer, Cell], b: NDArray[float64, Tracer, Cell]) -> NDArray[float64, Tracer, Cell]:
    return np.where(a * b > 0, np.sign(a) * np.minimum(np.abs(a), np.abs(b)), 0.0)


def face_values(q: NDArray[float64, Tracer, Cell]) -> NDArray[float64, Tracer, Cell]:
    """Reconstructed value at each cell's right face (upwind side for positive velocity)."""
    slope = minmod(q - np.roll(q, 1, axis=1), np.roll(q, -1, axis=1) - q)
    return q + 0.5 * slope


def advect_step(q: NDArray[float64, Tracer, Cell], velocity: NDArray[float64, Tracer], dx: float, dt: float) -> NDArray[float64, Tracer, Cell]:
    flux = velocity[:, None] * face_values(q)
    divergence = (flux - np.roll(flux, 1, axis=1)) / dx
    return q - dt * divergence


def total_mass(q: NDArray[float64, Tracer, Cell], dx: float) -> NDArray[float64, Tracer]:
    return q.sum(axis=1) * dx


def main() -> None:
    n_cells, dx = 50, 1.0 / 50
    x = (np.arange(n_cells) + 0.5) * dx
    q = np.stack([np.exp(-((x - 0.3) ** 2) / 0.005), (np.abs(x - 0.5) < 0.1).astype(np.float64), np.sin(2 * np.pi * x) + 1.0])
    velocity = np.array([1.0, 0.5, 0.25])
    mass0 = total_mass(q, dx)
    for _ in range(40):
        q = advect_step(q, velocity, dx, dt=0.4 * dx)
    assert q.shape == (3, n_cells)
    assert np.allclose(total_mass(q, dx), mass0)
    assert float(q.min()) > -1e-9


if __name__ == "__main__":
    main()
