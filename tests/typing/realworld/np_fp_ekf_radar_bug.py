"""An extended Kalman filter tracking an aircraft with a radar that measures range and bearing,
after filterpy's ExtendedKalmanFilter.update(HJacobian, Hx) and its radar example."""

from collections.abc import Callable

import numpy as np

from ndtyping import DimensionVar, NDArray

Dx = DimensionVar("Dx")
Dz = DimensionVar("Dz")

RADAR = np.array([0.0, 0.0])


def h_radar(x: NDArray[np.float64, Dx]) -> NDArray[np.float64, Dz]:
    dx, dy = x[0] - RADAR[0], x[2] - RADAR[1]
    return np.array([np.hypot(dx, dy), np.arctan2(dy, dx)])


def h_jacobian(x: NDArray[np.float64, Dx]) -> NDArray[np.float64, Dz, Dx]:
    dx, dy = x[0] - RADAR[0], x[2] - RADAR[1]
    r2 = dx**2 + dy**2
    r = np.sqrt(r2)
    return np.array([[dx / r, 0.0, dy / r, 0.0], [-dy / r2, 0.0, dx / r2, 0.0]])


def ekf_update(
    x: NDArray[np.float64, Dx],
    P: NDArray[np.float64, Dx, Dx],
    z: NDArray[np.float64, Dz],
    R: NDArray[np.float64, Dz, Dz],
    HJacobian: Callable[[NDArray[np.float64, Dx]], NDArray[np.float64, Dz, Dx]],
    Hx: Callable[[NDArray[np.float64, Dx]], NDArray[np.float64, Dz]],
) -> tuple[NDArray[np.float64, Dx], NDArray[np.float64, Dx, Dx]]:
    H = HJacobian(x)
    PHT = P @ H.T
    S = H @ PHT + R
    K = PHT @ np.linalg.inv(S)
    y = z - Hx(x)
    y[1] = (y[1] + np.pi) % (2 * np.pi) - np.pi  # wrap the bearing residual
    x = x + K @ y
    I_KH = np.eye(z.shape[0]) - K @ H  # BUG: identity of the measurement size (Dz, Dz), not the state's (Dx, Dx)
    P = I_KH @ P @ I_KH.T + K @ R @ K.T
    return x, P


def ekf_predict(
    x: NDArray[np.float64, Dx], P: NDArray[np.float64, Dx, Dx], F: NDArray[np.float64, Dx, Dx], Q: NDArray[np.float64, Dx, Dx]
) -> tuple[NDArray[np.float64, Dx], NDArray[np.float64, Dx, Dx]]:
    return F @ x, F @ P @ F.T + Q


def main() -> None:
    dt = 0.5
    F = np.eye(4)
    F[0, 1] = F[2, 3] = dt
    Q = np.diag([0.01, 0.1, 0.01, 0.1])
    R = np.diag([5.0**2, np.radians(0.5) ** 2])
    rng = np.random.default_rng(3)
    truth = np.array([-2000.0, 80.0, 1500.0, -10.0])
    x, P = np.array([-1900.0, 60.0, 1400.0, 0.0]), np.diag([200.0**2, 30.0**2, 200.0**2, 30.0**2])
    for _ in range(80):
        truth = F @ truth
        z = h_radar(truth) + rng.normal(size=2) * np.sqrt(np.diag(R))
        x, P = ekf_predict(x, P, F, Q)
        x, P = ekf_update(x, P, z, R, h_jacobian, h_radar)
    assert x.shape == (4,) and P.shape == (4, 4)
    assert np.hypot(x[0] - truth[0], x[2] - truth[2]) < 50.0
    assert abs(x[1] - 80.0) < 10.0


if __name__ == "__main__":
    main()
