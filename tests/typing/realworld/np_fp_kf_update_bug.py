"""Kalman filter measurement update in the manner of filterpy's KalmanFilter.update(): residual,
system uncertainty, gain, Joseph-form covariance and the log-likelihood of the measurement."""

import math

import numpy as np

from ndtyping import DimensionVar, NDArray

Dx = DimensionVar("Dx")
Dz = DimensionVar("Dz")


def residual_and_gain(
    x: NDArray[np.float64, Dx],
    P: NDArray[np.float64, Dx, Dx],
    z: NDArray[np.float64, Dz],
    H: NDArray[np.float64, Dz, Dx],
    R: NDArray[np.float64, Dz, Dz],
) -> tuple[NDArray[np.float64, Dz], NDArray[np.float64, Dx, Dz], NDArray[np.float64, Dz, Dz]]:
    y = z - H @ x
    PHT = P @ H  # BUG: H not transposed: (Dx, Dx) @ (Dz, Dx)
    S = H @ PHT + R
    K = PHT @ np.linalg.inv(S)
    return y, K, S


def gaussian_log_likelihood(y: NDArray[np.float64, Dz], S: NDArray[np.float64, Dz, Dz]) -> float:
    _, logdet = np.linalg.slogdet(S)
    maha = float(y @ np.linalg.solve(S, y))
    return -0.5 * (maha + logdet + y.shape[0] * math.log(2 * math.pi))


def update(
    x: NDArray[np.float64, Dx],
    P: NDArray[np.float64, Dx, Dx],
    z: NDArray[np.float64, Dz],
    H: NDArray[np.float64, Dz, Dx],
    R: NDArray[np.float64, Dz, Dz],
) -> tuple[NDArray[np.float64, Dx], NDArray[np.float64, Dx, Dx], float]:
    y, K, S = residual_and_gain(x, P, z, H, R)
    x = x + K @ y
    I_KH = np.eye(x.shape[0]) - K @ H
    # Joseph form: numerically stable and keeps P symmetric
    P = I_KH @ P @ I_KH.T + K @ R @ K.T
    return x, P, gaussian_log_likelihood(y, S)


def main() -> None:
    rng = np.random.default_rng(0)
    dt = 1.0
    F = np.array([[1, dt, 0, 0], [0, 1, 0, 0], [0, 0, 1, dt], [0, 0, 0, 1]], dtype=np.float64)
    H = np.array([[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]])
    R = np.eye(2) * 0.5
    Q = np.eye(4) * 1e-3
    truth = np.array([0.0, 1.0, 5.0, -0.5])
    x, P = np.zeros(4), np.eye(4) * 10.0
    total_ll = 0.0
    for _ in range(40):
        truth = F @ truth
        z = H @ truth + rng.normal(scale=0.7, size=2)
        x, P = F @ x, F @ P @ F.T + Q
        x, P, ll = update(x, P, z, H, R)
        total_ll += ll
    assert x.shape == (4,) and P.shape == (4, 4)
    assert np.allclose(P, P.T)
    assert abs(x[1] - 1.0) < 0.2 and abs(x[3] + 0.5) < 0.2
    assert math.isfinite(total_ll)


if __name__ == "__main__":
    main()
