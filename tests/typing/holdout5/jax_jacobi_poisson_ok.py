"""Jacobi iterations for the 2-D Poisson equation with Dirichlet boundaries, lax.fori_loop and a residual check."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Ny = DimensionVar("Ny")
Nx = DimensionVar("Nx")


def jacobi_sweep(u: NDArray[np.float32, Ny, Nx], f: NDArray[np.float32, Ny, Nx], h: float) -> NDArray[np.float32, Ny, Nx]:
    interior = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - h * h * f[1:-1, 1:-1])
    return u.at[1:-1, 1:-1].set(interior)


def residual(u: NDArray[np.float32, Ny, Nx], f: NDArray[np.float32, Ny, Nx], h: float) -> jax.Array:
    lap = (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1]) / (h * h)
    return jnp.sqrt(jnp.mean((lap - f[1:-1, 1:-1]) ** 2))


def solve(f: NDArray[np.float32, Ny, Nx], boundary: NDArray[np.float32, Ny, Nx], h: float, iters: int) -> NDArray[np.float32, Ny, Nx]:
    return jax.lax.fori_loop(0, iters, lambda _, u: jacobi_sweep(u, f, h), boundary)


def main() -> None:
    ny, nx = 33, 41
    h = 1.0 / (nx - 1)
    y = jnp.arange(ny, dtype=jnp.float32)[:, None] * h
    x = jnp.arange(nx, dtype=jnp.float32)[None, :] * h
    exact = (x**2 + y**2).astype(jnp.float32)
    f = jnp.full((ny, nx), 4.0, dtype=jnp.float32)
    boundary = exact.at[1:-1, 1:-1].set(0.0)
    u = solve(f, boundary, h, 3000)
    assert u.shape == (33, 41)
    assert residual(u, f, h) < residual(boundary, f, h)
    assert jnp.abs(u - exact).max() < 0.05


if __name__ == "__main__":
    main()
