"""Chebyshev polynomial regression: map inputs to [-1, 1], build the Chebyshev-Vandermonde matrix
by the three-term recurrence, fit by least squares, evaluate with Clenshaw's algorithm."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
K = DimensionVar("K")


def to_unit(x: NDArray[np.float64, N], lo: float, hi: float) -> NDArray[np.float64, N]:
    return (2.0 * x - (lo + hi)) / (hi - lo)


def cheb_vander(x: NDArray[np.float64, N], degree: int) -> NDArray[np.float64, N, Any]:
    t = [np.ones_like(x), x]
    for _ in range(2, degree + 1):
        t.append(2 * x * t[-1] - t[-2])
    return np.stack(t[: degree + 1], axis=0)  # BUG: stacks the polynomials as rows: (K, N), not (N, K)


def fit(x: NDArray[np.float64, N], y: NDArray[np.float64, N], degree: int) -> NDArray[np.float64, Any]:
    coef, *_ = np.linalg.lstsq(cheb_vander(x, degree), y, rcond=None)
    return coef


def clenshaw(coef: NDArray[np.float64, K], x: NDArray[np.float64, N]) -> NDArray[np.float64, N]:
    b1 = np.zeros_like(x)
    b2 = np.zeros_like(x)
    for c in coef[:0:-1]:
        b1, b2 = 2 * x * b1 - b2 + c, b1
    return x * b1 - b2 + coef[0]


def main() -> None:
    rng = np.random.default_rng(12)
    raw = np.sort(rng.uniform(0.0, 3.0, size=40))
    y = np.sin(2 * raw) + 0.01 * rng.normal(size=40)
    x = to_unit(raw, 0.0, 3.0)
    coef = fit(x, y, degree=9)
    assert coef.shape == (10,)
    direct = cheb_vander(x, 9) @ coef
    assert np.allclose(direct, clenshaw(coef, x))
    assert np.abs(direct - y).max() < 0.1
