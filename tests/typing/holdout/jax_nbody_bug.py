"""Forces as the negative gradient of a pairwise potential energy, with a velocity Verlet step (jax)."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Particle = DimensionVar("Particle")
Xy = Literal[2]


def potential(pos: NDArray[float32, Particle, Xy], charge: NDArray[float32, Particle], soft: float = 0.05) -> jax.Array:
    diff = pos[:, None, :] - pos[None, :, :]
    r = jnp.sqrt(jnp.sum(diff**2, axis=-1) + soft**2)
    pair = charge[:, None] * charge[None, :] / r
    n = pos.shape[0]
    return 0.5 * jnp.sum(jnp.where(jnp.eye(n, dtype=bool), 0.0, pair))


def forces(pos: NDArray[float32, Particle, Xy], charge: NDArray[float32, Particle]) -> NDArray[float32, Particle, Xy]:
    return -jax.grad(potential)(pos, charge)


def verlet(
    pos: NDArray[float32, Particle, Xy], vel: NDArray[float32, Particle, Xy], charge: NDArray[float32, Particle], mass: NDArray[float32, Particle], dt: float
) -> tuple[NDArray[float32, Particle, Xy], NDArray[float32, Particle, Xy]]:
    acc = forces(pos, charge) / mass[:, None]
    pos = pos + dt * vel + 0.5 * dt**2 * acc
    acc_new = forces(pos, charge) / mass[:, None]
    vel = vel + 0.5 * dt * (acc + acc_new)
    return pos, vel


def momentum(vel: NDArray[float32, Particle, Xy], mass: NDArray[float32, Particle]) -> NDArray[float32, Xy]:
    return jnp.sum(mass * vel, axis=0)  # BUG: mass not given a trailing axis: (Particle,) * (Particle, 2)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(10))
    pos = jax.random.normal(k1, (6, 2))
    vel = jnp.zeros((6, 2))
    charge = jnp.where(jax.random.uniform(k2, (6,)) < 0.5, -1.0, 1.0)
    mass = jnp.ones(6)
    for _ in range(5):
        pos, vel = verlet(pos, vel, charge, mass, 0.01)
    print("nbody", pos.shape, momentum(vel, mass).shape)


if __name__ == "__main__":
    main()
