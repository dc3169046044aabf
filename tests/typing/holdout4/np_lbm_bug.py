"""D2Q9 lattice Boltzmann: BGK collision and streaming on a periodic grid (distribution-first layout)."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

NX = DimensionVar("NX")
NY = DimensionVar("NY")

Q9 = Literal[9]

VEL = np.array([[0, 0], [1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [-1, -1], [1, -1]])
WEIGHTS = np.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4)


def macroscopic(f: NDArray[float64, Q9, NX, NY]) -> tuple[NDArray[float64, NX, NY], NDArray[float64, Literal[2], NX, NY]]:
    rho = f.sum(axis=0)
    momentum = np.einsum("qd,qxy->dxy", VEL.astype(np.float64), f)
    return rho, momentum / rho[None]


def equilibrium(rho: NDArray[float64, NX, NY], u: NDArray[float64, Literal[2], NX, NY]) -> NDArray[float64, Q9, NX, NY]:
    cu: NDArray[float64, Q9, NX, NY] = np.einsum("qd,dxy->qyx", VEL.astype(np.float64), u)  # BUG: einsum output swaps the grid axes: (9, NY, NX)
    usq = (u**2).sum(axis=0)
    return WEIGHTS[:, None, None] * rho[None] * (1.0 + 3.0 * cu + 4.5 * cu**2 - 1.5 * usq[None])


def stream(f: NDArray[float64, Q9, NX, NY]) -> NDArray[float64, Q9, NX, NY]:
    out = np.empty_like(f)
    for q, (cx, cy) in enumerate(VEL):
        out[q] = np.roll(np.roll(f[q], cx, axis=0), cy, axis=1)
    return out


def lbm_step(f: NDArray[float64, Q9, NX, NY], tau: float) -> NDArray[float64, Q9, NX, NY]:
    rho, u = macroscopic(f)
    f_post = f - (f - equilibrium(rho, u)) / tau
    return stream(f_post)


def main() -> None:
    nx, ny = 16, 11
    rho0 = 1.0 + 0.01 * np.exp(-((np.arange(nx)[:, None] - 8.0) ** 2 + (np.arange(ny)[None, :] - 5.0) ** 2) / 4.0)
    u0 = np.zeros((2, nx, ny))
    u0[0] = 0.05
    f = equilibrium(rho0, u0)
    mass = f.sum()
    for _ in range(20):
        f = lbm_step(f, tau=0.8)
    assert f.shape == (9, nx, ny)
    assert abs(float(f.sum()) - float(mass)) < 1e-9


if __name__ == "__main__":
    main()
