"""Checkerboard Gibbs sampling of a 2-D Ising model with periodic boundaries."""

import numpy as np

from ndtyping import DimensionVar, NDArray, bool_, float64, int8

Rows = DimensionVar("Rows")
Cols = DimensionVar("Cols")


def neighbour_sum(spins: NDArray[int8, Rows, Cols]) -> NDArray[float64, Rows, Cols]:
    s = spins.astype(np.float64)
    return np.roll(s, 1, axis=0) + np.roll(s, -1, axis=0) + np.roll(s, 1, axis=1) + np.roll(s, -1, axis=1)


def checkerboard(rows: int, cols: int) -> NDArray[bool_, Rows, Cols]:
    ii, jj = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    return (ii + jj) % 2 == 0


def gibbs_sweep(
    spins: NDArray[int8, Rows, Cols], beta: float, field: NDArray[float64, Rows, Cols], rng: np.random.Generator
) -> NDArray[int8, Rows, Cols]:
    rows, cols = spins.shape
    for colour in (True, False):
        mask = checkerboard(rows, cols) == colour
        local = neighbour_sum(spins) + field
        p_up: NDArray[float64, Rows, Cols] = 1.0 / (1.0 + np.exp(-2.0 * beta * local))
        draw = np.where(rng.random((rows, cols)) < p_up, 1, -1).astype(np.int8)
        spins = np.where(mask, draw, spins)
    return spins


def magnetisation(spins: NDArray[int8, Rows, Cols]) -> float:
    return float(spins.mean())


def main() -> None:
    rng = np.random.default_rng(3)
    rows, cols = 8, 12
    spins = rng.choice(np.array([-1, 1], dtype=np.int8), size=(rows, cols))
    field = np.full((rows, cols), 0.5)
    for _ in range(30):
        spins = gibbs_sweep(spins, 0.6, field, rng)
    assert spins.shape == (rows, cols) and spins.dtype == np.int8
    assert magnetisation(spins) > 0.0


if __name__ == "__main__":
    main()
