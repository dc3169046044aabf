"""A filterpy-style batch_filter(): predict and update over a sequence of measurements, storing
the filtered means, covariances and log-likelihoods, and skipping measurements that are missing
(NaN) as filterpy skips `None`."""

import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
Dx = DimensionVar("Dx")
Dz = DimensionVar("Dz")


def predict(
    x: NDArray[np.float64, Dx], P: NDArray[np.float64, Dx, Dx], F: NDArray[np.float64, Dx, Dx], Q: NDArray[np.float64, Dx, Dx]
) -> tuple[NDArray[np.float64, Dx], NDArray[np.float64, Dx, Dx]]:
    return F @ x, F @ P @ F.T + Q


def update(
    x: NDArray[np.float64, Dx],
    P: NDArray[np.float64, Dx, Dx],
    z: NDArray[np.float64, Dz],
    H: NDArray[np.float64, Dz, Dx],
    R: NDArray[np.float64, Dz, Dz],
) -> tuple[NDArray[np.float64, Dx], NDArray[np.float64, Dx, Dx], float]:
    y = z - H @ x
    S = H @ P @ H.T + R
    K = np.linalg.solve(S, H @ P).T
    sign, logdet = np.linalg.slogdet(S)
    ll = -0.5 * (y @ np.linalg.solve(S, y) + logdet + len(y) * np.log(2 * np.pi))
    return x + K @ y, P - K @ S @ K.T, float(ll)


def batch_filter(
    zs: NDArray[np.float64, T, Dz],
    x0: NDArray[np.float64, Dx],
    P0: NDArray[np.float64, Dx, Dx],
    F: NDArray[np.float64, Dx, Dx],
    H: NDArray[np.float64, Dz, Dx],
    Q: NDArray[np.float64, Dx, Dx],
    R: NDArray[np.float64, Dz, Dz],
) -> tuple[NDArray[np.float64, T, Dx], NDArray[np.float64, T, Dx, Dx], NDArray[np.float64, T]]:
    n, dim_x = zs.shape[0], x0.shape[0]
    means = np.zeros((n, dim_x))
    covariances = np.zeros((n, dim_x))  # BUG: covariance storage is missing an axis: (T, Dx), not (T, Dx, Dx)
    log_likelihoods = np.zeros(n)
    x, P = x0, P0
    for i, z in enumerate(zs):
        x, P = predict(x, P, F, Q)
        if not np.isnan(z).any():
            x, P, log_likelihoods[i] = update(x, P, z, H, R)
        means[i] = x
        covariances[i] = P
    return means, covariances, log_likelihoods


def main() -> None:
    rng = np.random.default_rng(1)
    F = np.array([[1.0, 1.0, 0.5], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]])
    H = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    Q, R = np.eye(3) * 1e-4, np.eye(2) * 0.25
    truth = np.array([0.0, 0.5, 0.01])
    zs = np.empty((60, 2))
    for t in range(60):
        truth = F @ truth
        zs[t] = H @ truth + rng.normal(scale=0.5, size=2)
    zs[10:15] = np.nan  # a dropout of the sensor
    means, covs, lls = batch_filter(zs, np.zeros(3), np.eye(3) * 100.0, F, H, Q, R)
    assert means.shape == (60, 3) and covs.shape == (60, 3, 3) and lls.shape == (60,)
    assert np.all(lls[10:15] == 0.0)
    assert covs[14, 0, 0] > covs[9, 0, 0]  # uncertainty grows while measurements are missing
    assert abs(means[-1, 2] - 0.01) < 0.05


if __name__ == "__main__":
    main()
