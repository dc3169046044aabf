"""Kalman filter prediction with a control input and a fading-memory factor, in the manner of
filterpy's KalmanFilter.predict(), for a constant-velocity target driven by accelerations."""

from typing import Any, Generic, NamedTuple

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

Dx = DimensionVar("Dx")
Du = DimensionVar("Du")


class GaussianState(NamedTuple, Generic[Dx]):
    x: NDArray[np.float64, Dx]
    P: NDArray[np.float64, Dx, Dx]


def constant_velocity(dt: float, n_axes: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Transition matrix and acceleration control matrix for `n_axes` (position, velocity) pairs."""
    F1 = np.array([[1.0, dt], [0.0, 1.0]])
    B1 = np.array([[0.5 * dt**2], [dt]])
    return np.kron(np.eye(n_axes), F1), np.kron(np.eye(n_axes), B1)


def q_discrete_white_noise(dt: float, var: float, n_axes: int) -> NDArray[np.float64, Any, Any]:
    q = np.array([[0.25 * dt**4, 0.5 * dt**3], [0.5 * dt**3, dt**2]])
    return np.kron(np.eye(n_axes), q * var)


def predict(
    state: GaussianState[Dx],
    F: NDArray[np.float64, Dx, Dx],
    Q: NDArray[np.float64, Dx, Dx],
    B: NDArray[np.float64, Dx, Du] | None = None,
    u: NDArray[np.float64, Du] | None = None,
    alpha: float = 1.0,
) -> GaussianState[Dx]:
    x, P = state
    x = F @ x
    if B is not None and u is not None:
        x = x + np.dot(B, u)
    P = alpha**2 * (F @ P @ F.T) + Q
    return GaussianState(x, P)


def predict_n(
    state: GaussianState[Dx],
    F: NDArray[np.float64, Dx, Dx],
    Q: NDArray[np.float64, Dx, Dx],
    B: NDArray[np.float64, Dx, Du],
    controls: NDArray[np.float64, Any, Du],
) -> tuple[NDArray[np.float64, Any, Dx], NDArray[np.float64, Any]]:
    """Run the prediction over a control sequence; the means and the trace of each covariance."""
    means, traces = [], []
    for u in controls:
        state = predict(state, F, Q, B, u, alpha=1.01)
        means.append(state.x)
        traces.append(np.trace(state.P))
    return np.stack(means), np.asarray(traces)


def main() -> None:
    dt = 0.1
    F, B = constant_velocity(dt, n_axes=2)
    Q = q_discrete_white_noise(dt, var=0.05, n_axes=2)
    assert F.shape == (4, 4) and B.shape == (4, 2)
    state = GaussianState(np.array([0.0, 1.0, 0.0, -0.5]), np.eye(4) * 0.1)
    controls = np.tile(np.array([0.2, 0.0]), (25, 1))
    means, traces = predict_n(state, F, Q, B, controls)
    assert means.shape == (25, 4) and traces.shape == (25,)
    assert np.all(np.diff(traces) > 0)  # uncertainty only grows without updates
    # constant acceleration 0.2 along the first axis: v = 1 + 0.2 t
    assert abs(means[-1, 1] - (1.0 + 0.2 * 25 * dt)) < 1e-9
    final = predict(state, F, Q, B, controls[0])
    assert final.P.shape == (4, 4) and np.allclose(final.P, final.P.T)


if __name__ == "__main__":
    main()
