"""Cubic trends of many series at once, fitted the way numpy.polyfit fits them (a Vandermonde
matrix with its columns scaled, then least squares), evaluated with the same matrix and used to
extrapolate a few steps."""

from typing import Any, Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
S = DimensionVar("S")
Four = Literal[4]


def fit_cubic(t: NDArray[np.float64, T], Y: NDArray[np.float64, T, S]) -> NDArray[np.float64, Four, S]:
    A = np.vander(t, 4)
    scale = np.sqrt((A * A).sum(axis=0))
    coef, *_ = np.linalg.lstsq(A / scale, Y, rcond=None)
    return (coef.T / scale).T


def eval_cubic(coef: NDArray[np.float64, Four, S], t: NDArray[np.float64, T]) -> NDArray[np.float64, T, S]:
    return np.vander(t, 4) @ coef


def extrapolate(t: NDArray[np.float64, T], Y: NDArray[np.float64, T, S], steps: int) -> NDArray[np.float64, Any, S]:
    dt = t[1] - t[0]
    future = t[-1] + dt * np.arange(1, steps + 1)
    return eval_cubic(fit_cubic(t, Y), future)


def main() -> None:
    rng = np.random.default_rng(24)
    t = np.linspace(0.0, 2.0, 25)
    true = np.array([[0.5, -1.0, 0.2], [-1.0, 0.0, 0.1], [2.0, 1.0, -0.5], [1.0, 0.0, 3.0]])
    Y = np.vander(t, 4) @ true + 1e-4 * rng.normal(size=(25, 3))
    coef = fit_cubic(t, Y)
    assert coef.shape == (4, 3)
    assert np.allclose(coef, true, atol=1e-2)
    for s in range(3):
        assert np.allclose(coef[:, s], np.polyfit(t, Y[:, s], 3))
    ahead = extrapolate(t, Y, steps=5)
    assert ahead.shape == (5, 3)


if __name__ == "__main__":
    main()
