"""Softened gravitational n-body accelerations and a leapfrog step (numpy, float64)."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Body = DimensionVar("Body")
Xyz = Literal[3]


def accelerations(pos: NDArray[float64, Body, Xyz], mass: NDArray[float64, Body], g: float = 1.0, soft: float = 1e-2) -> NDArray[float64, Body, Xyz]:
    delta = pos[None, :, :] - pos[:, None, :]
    dist2 = (delta**2).sum(axis=-1) + soft**2
    inv_d3 = dist2**-1.5
    np.fill_diagonal(inv_d3, 0.0)
    return g * np.einsum("ijk,ij,j->ik", delta, inv_d3, mass)


def leapfrog(
    pos: NDArray[float64, Body, Xyz], vel: NDArray[float64, Body, Xyz], mass: NDArray[float64, Body], dt: float
) -> tuple[NDArray[float64, Body, Xyz], NDArray[float64, Body, Xyz]]:
    vel_half = vel + 0.5 * dt * accelerations(pos, mass)
    pos_new = pos + dt * vel_half
    vel_new = vel_half + 0.5 * dt * accelerations(pos_new, mass)
    return pos_new, vel_new


def kinetic_energy(vel: NDArray[float64, Body, Xyz], mass: NDArray[float64, Body]) -> float:
    return float(0.5 * np.sum(mass * np.sum(vel**2, axis=0)))  # BUG: squares summed over bodies, not coordinates


def centre_of_mass(pos: NDArray[float64, Body, Xyz], mass: NDArray[float64, Body]) -> NDArray[float64, Xyz]:
    return (mass[:, None] * pos).sum(axis=0) / mass.sum()


def main() -> None:
    rng = np.random.default_rng(15)
    pos = rng.standard_normal((5, 3))
    vel = 0.1 * rng.standard_normal((5, 3))
    mass = rng.uniform(0.5, 2.0, 5)
    for _ in range(10):
        pos, vel = leapfrog(pos, vel, mass, 0.01)
    print("nbody", pos.shape, kinetic_energy(vel, mass), centre_of_mass(pos, mass).shape)


if __name__ == "__main__":
    main()
