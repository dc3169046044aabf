"""Linearised shallow-water equations on a periodic staggered (C) grid, stepped with lax.scan."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

NY = DimensionVar("NY")
NX = DimensionVar("NX")
Steps = DimensionVar("Steps")


class State(NamedTuple):
    h: jax.Array  # (NY, NX) surface height at cell centres
    u: jax.Array  # (NY, NX) x-velocity on west faces
    v: jax.Array  # (NY, NX) y-velocity on south faces


def ddx(f: NDArray[float32, NY, NX], dx: float) -> NDArray[float32, NY, NX]:
    return (jnp.roll(f, -1, axis=1) - f) / dx


def ddy(f: NDArray[float32, NY, NX], dy: float) -> NDArray[float32, NY, NX]:
    return (jnp.roll(f, -1, axis=0) - f) / dy


def step(
    h: NDArray[float32, NY, NX], u: NDArray[float32, NY, NX], v: NDArray[float32, NY, NX], dx: float, dy: float, dt: float
) -> tuple[NDArray[float32, NY, NX], NDArray[float32, NY, NX], NDArray[float32, NY, NX]]:
    g, depth = 9.81, 10.0
    u = u - dt * g * ddx(jnp.roll(h, 1, axis=1), dx)
    v = v - dt * g * ddy(jnp.roll(h, 1, axis=0), dy)
    h = h - dt * depth * (ddx(u, dx) + ddy(v.T, dy))  # BUG: spurious transpose: v is (NY, NX), ddy wants the same grid
    return h, u, v


def simulate(h0: NDArray[float32, NY, NX], n_steps: int, dx: float, dy: float) -> NDArray[float32, Steps, NY, NX]:
    state = State(h0, jnp.zeros_like(h0), jnp.zeros_like(h0))

    def body(s, _):
        s = State(*step(s.h, s.u, s.v, dx, dy, 0.1 * dx / (9.81 * 10.0) ** 0.5))
        return s, s.h

    _, heights = jax.lax.scan(body, state, None, length=n_steps)
    return heights


def main() -> None:
    ny, nx = 12, 20
    y, x = jnp.meshgrid(jnp.arange(ny), jnp.arange(nx), indexing="ij")
    h0 = jnp.exp(-((x - 10.0) ** 2 + (y - 6.0) ** 2) / 6.0).astype(jnp.float32)
    heights = simulate(h0, 30, 1.0, 1.0)
    assert heights.shape == (30, ny, nx)
    assert jnp.allclose(heights.sum(axis=(1, 2)), h0.sum(), rtol=1e-4)


if __name__ == "__main__":
    main()
