"""Linear detrending of multichannel recordings as scipy.signal.detrend(type='linear') does it, by
least squares on a (time, 2) design matrix, with breakpoints, and a per-channel signal-to-noise
figure afterwards."""

from typing import Any, Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

C = DimensionVar("C")
T = DimensionVar("T")


def design_matrix(n_time: int) -> NDArray[np.float64, Any, Literal[2]]:
    t = np.arange(n_time, dtype=np.float64) / n_time
    return np.stack([t, np.ones(n_time)], axis=1)


def fit_trend(x: NDArray[np.float64, C, T]) -> tuple[NDArray[np.float64, T, C], NDArray[np.float64, Literal[2], C]]:
    A = design_matrix(x.shape[1])
    coef, *_ = np.linalg.lstsq(A, x.T, rcond=None)
    return A @ coef, coef


def detrend_linear(x: NDArray[np.float64, C, T]) -> NDArray[np.float64, C, T]:
    trend, _ = fit_trend(x)
    return x - trend.T


def detrend_piecewise(x: NDArray[np.float64, C, T], breakpoints: list[int]) -> NDArray[np.float64, C, T]:
    bounds = [0, *breakpoints, x.shape[1]]
    pieces = [detrend_linear(x[:, lo:hi]) for lo, hi in zip(bounds[:-1], bounds[1:])]
    return np.concatenate(pieces, axis=1)


def snr_db(clean: NDArray[np.float64, C, T], noisy: NDArray[np.float64, C, T]) -> NDArray[np.float64, C]:
    noise = noisy - clean
    return 10 * np.log10(np.sum(clean**2, axis=1) / np.sum(noise**2, axis=1))


def main() -> None:
    rng = np.random.default_rng(10)
    t = np.linspace(0.0, 1.0, 300)
    clean = np.sin(2 * np.pi * np.array([[3.0], [5.0], [7.0], [11.0]]) * t)
    drift = np.array([[2.0], [-1.0], [0.5], [3.0]]) * t + np.array([[1.0], [0.0], [-2.0], [0.3]])
    x = clean + drift + 0.01 * rng.normal(size=(4, 300))
    flat = detrend_linear(x)
    assert flat.shape == (4, 300)
    assert np.allclose(flat.mean(axis=1), 0.0, atol=1e-9)
    _, coef = fit_trend(x)
    assert coef.shape == (2, 4)
    assert np.all(snr_db(clean, flat) > snr_db(clean, x) + 10)
    pieces = detrend_piecewise(x, [100, 200])
    assert pieces.shape == (4, 300)


if __name__ == "__main__":
    main()
