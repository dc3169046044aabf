"""A neural ODE integrated with fixed-step fourth-order Runge-Kutta, keeping the trajectory."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
State = DimensionVar("State")
Hidden = DimensionVar("Hidden")


class Field:
    def __init__(self, w1: NDArray[float32, State, Hidden], b1: NDArray[float32, Hidden], w2: NDArray[float32, Hidden, State]) -> None:
        self.w1, self.b1, self.w2 = w1, b1, w2


def vector_field(field: Field, t: float, y: NDArray[float32, Batch, State]) -> NDArray[float32, Batch, State]:
    h = np.tanh(y @ field.w1 + field.b1 + np.float32(t))
    return h @ field.w2


def rk4_step(field: Field, t: float, y: NDArray[float32, Batch, State], dt: float) -> NDArray[float32, Batch, State]:
    k1 = vector_field(field, t, y)
    k2 = vector_field(field, t + dt / 2, y + dt / 2 * k1)
    k3 = vector_field(field, t + dt / 2, y + dt / 2 * k2)
    k4 = vector_field(field, t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def integrate(field: Field, y0: NDArray[float32, Batch, State], t1: float, steps: int) -> NDArray[float32, Any, Batch, State]:
    dt = t1 / steps
    traj = [y0]
    for i in range(steps):
        traj.append(rk4_step(field, i * dt, traj[-1], dt))
    return np.stack(traj, axis=1)  # BUG: time stacked on axis 1: (Batch, Steps, State)


def main() -> None:
    rng = np.random.default_rng(9)
    f32 = np.float32
    field = Field(
        (0.3 * rng.normal(size=(3, 16))).astype(f32), np.zeros(16, dtype=f32), (0.3 * rng.normal(size=(16, 3))).astype(f32)
    )
    y0 = rng.normal(size=(5, 3)).astype(f32)
    traj = integrate(field, y0, 1.0, 20)
    assert traj.shape == (21, 5, 3) and traj.dtype == np.float32
    print("final state norm", np.linalg.norm(traj[-1], axis=-1))


if __name__ == "__main__":
    main()
