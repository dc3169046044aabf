"""The unscented Kalman filter's core, after filterpy's MerweScaledSigmaPoints and
unscented_transform(): 2n + 1 sigma points, their weights, and a UKF predict/update for a
pendulum observed through a nonlinear sensor."""

from collections.abc import Callable
from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

Dx = DimensionVar("Dx")
Dz = DimensionVar("Dz")
D = DimensionVar("D")


def merwe_weights(n: int, alpha: float, beta: float, kappa: float) -> tuple[NDArray[np.float64, Any], NDArray[np.float64, Any]]:
    lambda_ = alpha**2 * (n + kappa) - n
    c = 0.5 / (n + lambda_)
    Wm = np.full(2 * n + 1, c)
    Wc = np.full(2 * n + 1, c)
    Wm[0] = lambda_ / (n + lambda_)
    Wc[0] = lambda_ / (n + lambda_) + (1 - alpha**2 + beta)
    return Wm, Wc


def sigma_points(x: NDArray[np.float64, Dx], P: NDArray[np.float64, Dx, Dx], alpha: float, kappa: float) -> NDArray[np.float64, Any, Dx]:
    n = x.shape[0]
    lambda_ = alpha**2 * (n + kappa) - n
    U = np.linalg.cholesky((lambda_ + n) * P).T  # rows are the scaled square-root directions
    return np.concatenate([x[np.newaxis, :], x + U, x - U], axis=0)


def unscented_transform(
    sigmas: NDArray[np.float64, Any, D], Wm: NDArray[np.float64, Any], Wc: NDArray[np.float64, Any], noise_cov: NDArray[np.float64, D, D]
) -> tuple[NDArray[np.float64, D], NDArray[np.float64, D, D]]:
    x = np.dot(Wm, sigmas)
    y = sigmas - x[np.newaxis, :]
    P = np.dot(y.T, np.dot(np.diag(Wc), y)) + noise_cov
    return x, P


def ukf_step(
    x: NDArray[np.float64, Dx],
    P: NDArray[np.float64, Dx, Dx],
    z: NDArray[np.float64, Dz],
    fx: Callable[[NDArray[np.float64, Dx]], NDArray[np.float64, Dx]],
    hx: Callable[[NDArray[np.float64, Dx]], NDArray[np.float64, Dz]],
    Q: NDArray[np.float64, Dx, Dx],
    R: NDArray[np.float64, Dz, Dz],
) -> tuple[NDArray[np.float64, Dx], NDArray[np.float64, Dx, Dx]]:
    Wm, Wc = merwe_weights(x.shape[0], alpha=0.3, beta=2.0, kappa=0.0)
    sigmas_f = np.array([fx(s) for s in sigma_points(x, P, alpha=0.3, kappa=0.0)])
    x_prior, P_prior = unscented_transform(sigmas_f, Wm, Wc, Q)
    sigmas_h = np.array([hx(s) for s in sigmas_f])
    zp, S = unscented_transform(sigmas_h, Wm, Wc, R)
    Pxz = (sigmas_f - x_prior).T @ np.diag(Wc) @ (sigmas_h - zp)
    K = Pxz @ np.linalg.inv(S)
    return x_prior + K @ (z - zp), P_prior - K @ S @ K.T


def main() -> None:
    dt, g = 0.05, 9.81
    fx = lambda s: np.array([s[0] + dt * s[1], s[1] - dt * g * np.sin(s[0])])
    hx = lambda s: np.array([np.sin(s[0]), np.cos(s[0]), s[1]])  # bob position and a gyro
    rng = np.random.default_rng(2)
    truth, x, P = np.array([0.8, 0.0]), np.array([0.3, 0.0]), np.eye(2) * 0.5
    Q, R = np.eye(2) * 1e-5, np.eye(3) * 0.01
    for _ in range(100):
        truth = fx(truth)
        x, P = ukf_step(x, P, hx(truth) + rng.normal(scale=0.1, size=3), fx, hx, Q, R)
    assert x.shape == (2,) and P.shape == (2, 2)
    assert abs(x[0] - truth[0]) < 0.1
    Wm, Wc = merwe_weights(2, 0.3, 2.0, 0.0)
    assert Wm.shape == (5,) and abs(Wm.sum() - 1.0) < 1e-9


if __name__ == "__main__":
    main()
