"""Fit an AR(p) model per series by Yule-Walker (Toeplitz solve), then forecast ahead."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

S = DimensionVar("S")
T = DimensionVar("T")
P = DimensionVar("P")


def autocovariance(x: NDArray[np.float64, S, T], max_lag: int) -> NDArray[np.float64, S, Any]:
    xc = x - x.mean(axis=1, keepdims=True)
    t = x.shape[1]
    return np.stack([(xc[:, : t - k] * xc[:, k:]).sum(axis=1) / t for k in range(max_lag + 1)], axis=1)


def yule_walker(x: NDArray[np.float64, S, T], order: int) -> tuple[NDArray[np.float64, S, Any], NDArray[np.float64, S]]:
    r = autocovariance(x, order)
    lags = np.abs(np.arange(order)[:, None] - np.arange(order)[None, :])
    phis, sigmas = [], []
    for row in r:
        toeplitz = row[lags]
        phi = np.linalg.solve(toeplitz, row[1:])
        phis.append(phi)
        sigmas.append(row[0] - phi @ row[1:])
    return np.array(phis), np.array(sigmas)


def forecast(x: NDArray[np.float64, S, T], phi: NDArray[np.float64, S, P], steps: int) -> NDArray[np.float64, S, Any]:
    p = phi.shape[1]
    hist = x[:, -p:][:, ::-1]
    mean = x.mean(axis=1)
    out = []
    for _ in range(steps):
        nxt: NDArray[np.float64, S] = mean + (phi * (hist - mean[:, None])).sum(axis=0)  # BUG: sums over the series instead of the lags
        out.append(nxt)
        hist = np.concatenate([nxt[:, None], hist[:, :-1]], axis=1)
    return np.stack(out, axis=1)


def main() -> None:
    rng = np.random.default_rng(15)
    s, t = 4, 500
    x = np.zeros((s, t))
    for i in range(2, t):
        x[:, i] = 0.6 * x[:, i - 1] - 0.2 * x[:, i - 2] + rng.standard_normal(s)
    phi, sigma2 = yule_walker(x, 2)
    assert phi.shape == (4, 2) and sigma2.shape == (4,)
    assert np.allclose(phi.mean(axis=0), [0.6, -0.2], atol=0.1)
    fc = forecast(x, phi, 7)
    assert fc.shape == (4, 7)


if __name__ == "__main__":
    main()
