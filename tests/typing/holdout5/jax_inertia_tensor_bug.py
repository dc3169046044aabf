"""Inertia tensors of rigid bodies made of point masses, batched with jax.vmap, and their principal axes."""

from typing import Literal

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Pts = DimensionVar("Pts")
Bodies = DimensionVar("Bodies")

Three = Literal[3]


def centre_of_mass(points: NDArray[np.float32, Pts, Three], masses: NDArray[np.float32, Pts]) -> NDArray[np.float32, Three]:
    return (masses[:, None] * points).sum(axis=0) / masses.sum()


def inertia(points: NDArray[np.float32, Pts, Three], masses: NDArray[np.float32, Pts]) -> NDArray[np.float32, Three, Three]:
    r = points - centre_of_mass(points, masses)
    r2 = (r**2).sum(axis=1)
    outer: NDArray[np.float32, Pts, Three, Three] = r[:, :, None] * r[:, None, :]
    eye = jnp.eye(3, dtype=jnp.float32)
    return (masses[:, None, None] * (r2[:, None, None] * eye - outer)).sum(axis=0)


def batch_inertia(points: NDArray[np.float32, Bodies, Pts, Three], masses: NDArray[np.float32, Bodies, Pts]) -> NDArray[np.float32, Bodies, Three, Three]:
    return jax.vmap(inertia, in_axes=(0, 1))(points, masses)  # BUG: masses mapped over the point axis instead of the bodies


def principal(tensors: NDArray[np.float32, Bodies, Three, Three]) -> tuple[NDArray[np.float32, Bodies, Three], NDArray[np.float32, Bodies, Three, Three]]:
    return jnp.linalg.eigh(tensors)


def main() -> None:
    key = jax.random.PRNGKey(8)
    k1, k2 = jax.random.split(key)
    points = jax.random.normal(k1, (4, 30, 3)) * jnp.array([3.0, 1.0, 0.5])
    masses = jax.random.uniform(k2, (4, 30), minval=0.5, maxval=1.5)
    tensors = batch_inertia(points, masses)
    assert tensors.shape == (4, 3, 3)
    moments, axes = principal(tensors)
    assert moments.shape == (4, 3) and axes.shape == (4, 3, 3)
    shared = jax.vmap(inertia, in_axes=(0, None))(points, masses[0])
    assert shared.shape == (4, 3, 3)


if __name__ == "__main__":
    main()
