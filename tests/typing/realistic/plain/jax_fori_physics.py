"""A spring-mass simulation stepped with jax.lax.fori_loop and jnp.where, untyped helpers (jax)."""

import jax
import jax.numpy as jnp


def forces(pos, stiffness=1.0):
    left = jnp.concatenate([pos[:1], pos[:-1]])
    right = jnp.concatenate([pos[1:], pos[-1:]])
    return stiffness * (left + right - 2 * pos)


def simulate(pos, vel, dt=0.01, steps=500):
    def body(_, state):
        p, v = state
        v = v + dt * forces(p)
        p = p + dt * v
        v = jnp.where(jnp.abs(p) > 5.0, -v, v)
        return p, v

    return jax.lax.fori_loop(0, steps, body, (pos, vel))


def energy(pos, vel):
    spring = 0.5 * jnp.sum(jnp.diff(pos) ** 2)
    return float(0.5 * jnp.sum(vel**2) + spring)


def main() -> None:
    pos = jnp.sin(jnp.linspace(0, 3.14, 16))
    vel = jnp.zeros(16)
    p, v = simulate(pos, vel)
    print(p.shape, round(energy(pos, vel), 3), round(energy(p, v), 3))
    stacked = jnp.stack([p, v], axis=1)
    print(stacked.shape, jnp.einsum("ij,ij->j", stacked, stacked).shape, jnp.linalg.norm(stacked, axis=0).shape)


if __name__ == "__main__":
    main()
