"""Smoothed-particle hydrodynamics: poly6 densities, equation-of-state pressure and spiky pressure forces."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
Dim = DimensionVar("Dim")


def poly6(r2: NDArray[np.float32, N, N], h: float) -> NDArray[np.float32, N, N]:
    coef = 315.0 / (64.0 * jnp.pi * h**9)
    return jnp.where(r2 < h * h, coef * (h * h - r2) ** 3, 0.0)


def densities(pos: NDArray[np.float32, N, Dim], mass: float, h: float) -> NDArray[np.float32, N]:
    diff = pos[:, None, :] - pos[None, :, :]
    r2 = (diff**2).sum(axis=-1)
    return mass * poly6(r2, h).sum(axis=1)


def pressure_forces(pos: NDArray[np.float32, N, Dim], rho: NDArray[np.float32, N], mass: float, h: float, k: float = 1.0, rho0: float = 1.0) -> NDArray[np.float32, N, Dim]:
    p = k * (rho - rho0)
    diff: NDArray[np.float32, N, N, Dim] = pos[:, None, :] - pos[None, :, :]
    r = jnp.sqrt((diff**2).sum(axis=-1) + 1e-12)
    grad_w = jnp.where((r < h) & (r > 1e-6), -45.0 / (jnp.pi * h**6) * (h - r) ** 2, 0.0)
    pair = mass * (p[:, None] + p[None, :]) / (2.0 * rho[:, None] * rho[None, :]) * grad_w
    direction = diff / r  # BUG: the distance is not given a trailing axis: (N, N, Dim) / (N, N)
    return -(pair[..., None] * direction).sum(axis=1)


def main() -> None:
    key = jax.random.PRNGKey(7)
    pos = jax.random.uniform(key, (60, 2))
    rho = densities(pos, mass=0.02, h=0.2)
    assert rho.shape == (60,) and jnp.all(rho > 0)
    forces = pressure_forces(pos, rho, mass=0.02, h=0.2)
    assert forces.shape == (60, 2)
    assert jnp.allclose(forces.sum(axis=0), 0.0, atol=1e-3)


if __name__ == "__main__":
    main()
