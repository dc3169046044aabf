"""Polynomial curve fitting with a Vandermonde matrix and np.linalg.lstsq (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
P = DimensionVar("P")


def vandermonde(x: NDArray[float64, N], degree: int) -> NDArray[float64, N, Any]:
    return np.stack([x**k for k in range(degree + 1)], axis=1)


def fit_poly(design: NDArray[float64, N, P], y: NDArray[float64, N]) -> NDArray[float64, P]:
    coef, _, _, _ = np.linalg.lstsq(design, y, rcond=None)
    return coef


def evaluate(design: NDArray[float64, N, P], coef: NDArray[float64, P]) -> NDArray[float64, N]:
    return design @ coef


def main() -> None:
    rng = np.random.default_rng(20)
    x = np.linspace(-1, 1, 25)
    y = 1.0 - 2.0 * x + 0.5 * x**3 + 0.01 * rng.standard_normal(25)
    design = vandermonde(x, 3)
    coef = fit_poly(design, y)
    print("poly", coef.round(2), evaluate(design, coef).shape)


if __name__ == "__main__":
    main()
