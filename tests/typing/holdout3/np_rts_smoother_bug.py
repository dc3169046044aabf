"""Kalman filter and Rauch-Tung-Striebel smoother for a linear-Gaussian state-space model held in a
dataclass (plain ndarray fields), with annotated helpers for the gain and the smoothing step."""

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
S = DimensionVar("S")
O = DimensionVar("O")


@dataclass
class LinearGaussian:
    A: npt.NDArray[np.float64]
    C: npt.NDArray[np.float64]
    Q: npt.NDArray[np.float64]
    R: npt.NDArray[np.float64]


def kalman_gain(
    P_pred: NDArray[np.float64, S, S], C: NDArray[np.float64, O, S], R: NDArray[np.float64, O, O]
) -> NDArray[np.float64, S, O]:
    innovation = C @ P_pred @ C.T + R
    return np.linalg.solve(innovation, C @ P_pred)  # BUG: the gain is (O, S) without the transpose; (S, O) is declared


def kalman_filter(
    model: LinearGaussian, ys: NDArray[np.float64, T, O], m0: NDArray[np.float64, S], P0: NDArray[np.float64, S, S]
) -> tuple[NDArray[np.float64, T, S], NDArray[np.float64, T, S, S]]:
    n, s = ys.shape[0], m0.shape[0]
    means = np.zeros((n, s))
    covs = np.zeros((n, s, s))
    m, P = m0, P0
    for t in range(n):
        m_pred = model.A @ m
        P_pred = model.A @ P @ model.A.T + model.Q
        K = kalman_gain(P_pred, model.C, model.R)
        m = m_pred + K @ (ys[t] - model.C @ m_pred)
        P = P_pred - K @ model.C @ P_pred
        means[t] = m
        covs[t] = P
    return means, covs


def rts_smoother(
    model: LinearGaussian, means: NDArray[np.float64, T, S], covs: NDArray[np.float64, T, S, S]
) -> tuple[NDArray[np.float64, T, S], NDArray[np.float64, T, S, S]]:
    sm = means.copy()
    sP = covs.copy()
    for t in range(means.shape[0] - 2, -1, -1):
        P_pred = model.A @ covs[t] @ model.A.T + model.Q
        G = covs[t] @ model.A.T @ np.linalg.inv(P_pred)
        sm[t] = means[t] + G @ (sm[t + 1] - model.A @ means[t])
        sP[t] = covs[t] + G @ (sP[t + 1] - P_pred) @ G.T
    return sm, sP


def main() -> None:
    rng = np.random.default_rng(4)
    steps, s, o = 12, 3, 2
    A = np.eye(s) + 0.1 * rng.normal(size=(s, s))
    model = LinearGaussian(A=A, C=rng.normal(size=(o, s)), Q=0.05 * np.eye(s), R=0.2 * np.eye(o))
    ys = rng.normal(size=(steps, o))
    means, covs = kalman_filter(model, ys, np.zeros(s), np.eye(s))
    sm, sP = rts_smoother(model, means, covs)
    assert np.allclose(sm[-1], means[-1])
    assert (np.trace(sP, axis1=1, axis2=2) <= np.trace(covs, axis1=1, axis2=2) + 1e-9).all()
