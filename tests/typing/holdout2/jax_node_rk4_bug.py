"""A neural ODE in jax: an MLP vector field integrated by RK4 inside jax.lax.scan."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
State = DimensionVar("State")
Hidden = DimensionVar("Hidden")
Steps = DimensionVar("Steps")


def field(
    y: NDArray[float32, Batch, State], t: jax.Array, w1: NDArray[float32, State, Hidden], b1: NDArray[float32, Hidden], w2: NDArray[float32, Hidden, State]
) -> NDArray[float32, Batch, State]:
    h = jnp.tanh(y @ w1 + b1 + t)
    return h @ w2.T  # BUG: spurious transpose: (Batch, Hidden) @ (State, Hidden)


def odeint_rk4(
    y0: NDArray[float32, Batch, State], ts: NDArray[float32, Steps], w1: NDArray[float32, State, Hidden], b1: NDArray[float32, Hidden], w2: NDArray[float32, Hidden, State]
) -> NDArray[float32, Steps, Batch, State]:
    def f(y: jax.Array, t: jax.Array) -> jax.Array:
        return field(y, t, w1, b1, w2)

    def step(y: jax.Array, t_pair: jax.Array) -> tuple[jax.Array, jax.Array]:
        t, dt = t_pair[0], t_pair[1] - t_pair[0]
        k1 = f(y, t)
        k2 = f(y + dt / 2 * k1, t + dt / 2)
        k3 = f(y + dt / 2 * k2, t + dt / 2)
        k4 = f(y + dt * k3, t + dt)
        y_next = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y_next, y_next

    pairs = jnp.stack([ts[:-1], ts[1:]], axis=1)
    _, traj = jax.lax.scan(step, y0, pairs)
    return jnp.concatenate([y0[None], traj], axis=0)


def main() -> None:
    k = jax.random.split(jax.random.PRNGKey(12), 3)
    batch, state, hidden = 4, 2, 16
    w1 = 0.5 * jax.random.normal(k[0], (state, hidden))
    b1 = jnp.zeros(hidden)
    w2 = 0.5 * jax.random.normal(k[1], (hidden, state))
    y0 = jax.random.normal(k[2], (batch, state))
    ts = jnp.linspace(0.0, 1.0, 9)
    traj = odeint_rk4(y0, ts, w1, b1, w2)
    assert traj.shape == (9, batch, state)
    print("endpoints", traj[-1])


if __name__ == "__main__":
    main()
