"""The 2-D wave equation on a grid: a five-point finite-difference Laplacian, leapfrog time steps
in lax.fori_loop, a spatially varying wave speed and an energy estimate."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")


def laplacian(u: NDArray[np.float32, H, W], dx: float) -> NDArray[np.float32, H, W]:
    up = jnp.pad(u, 1, mode="edge")
    return (up[:-2, 1:-1] + up[2:, 1:-1] + up[1:-1, :-2] + up[1:-1, 2:] - 4.0 * u.T) / dx**2  # BUG: u.T is (W, H) against the (H, W) stencil


def leapfrog(
    u: NDArray[np.float32, H, W], u_prev: NDArray[np.float32, H, W], c: NDArray[np.float32, H, W], dt: float, dx: float
) -> NDArray[np.float32, H, W]:
    return 2.0 * u - u_prev + (c * dt) ** 2 * laplacian(u, dx)


def simulate(u0: NDArray[np.float32, H, W], c: NDArray[np.float32, H, W], steps: int, dt: float, dx: float) -> NDArray[np.float32, H, W]:
    def body(_: int, state: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        u, u_prev = state
        return leapfrog(u, u_prev, c, dt, dx), u

    u, _ = jax.lax.fori_loop(0, steps, body, (u0, u0))
    return u


def gaussian_pulse(h: int, w: int, cy: float, cx: float, width: float) -> jax.Array:
    y = jnp.arange(h, dtype=jnp.float32)[:, None]
    x = jnp.arange(w, dtype=jnp.float32)[None, :]
    return jnp.exp(-((y - cy) ** 2 + (x - cx) ** 2) / (2 * width**2))


def energy(u: NDArray[np.float32, H, W], c: NDArray[np.float32, H, W], dx: float) -> float:
    gy, gx = jnp.gradient(u, dx)
    return float(0.5 * (c**2 * (gx**2 + gy**2)).sum())


def main() -> None:
    h, w = 24, 32
    u0 = gaussian_pulse(h, w, 12.0, 16.0, 2.0)
    c = jnp.where(jnp.arange(w)[None, :] < 20, 1.0, 0.5) * jnp.ones((h, 1))
    u = simulate(u0, c, steps=20, dt=0.2, dx=1.0)
    assert u.shape == (h, w) and bool(jnp.isfinite(u).all())
    assert float(jnp.abs(u).max()) < float(jnp.abs(u0).max()) + 0.5
    assert energy(u, c, 1.0) > 0
