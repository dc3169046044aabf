"""Scattered-data interpolation with a thin-plate spline plus a linear polynomial, built as
scipy.interpolate.RBFInterpolator builds it: the kernel matrix bordered by the polynomial matrix
in one saddle-point system, solved for the kernel and polynomial coefficients together."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")
V = DimensionVar("V")
Two = Literal[2]
Three = Literal[3]


def thin_plate(r: NDArray[np.float64, M, N]) -> NDArray[np.float64, M, N]:
    return np.where(r > 0, r**2 * np.log(np.maximum(r, 1e-300)), 0.0)


def distances(x: NDArray[np.float64, M, Two], y: NDArray[np.float64, N, Two]) -> NDArray[np.float64, M, N]:
    return np.linalg.norm(x[:, None, :] - y[None, :, :], axis=-1)


def polynomial_matrix(x: NDArray[np.float64, N, Two]) -> NDArray[np.float64, N, Three]:
    return np.concatenate([np.ones((x.shape[0], 1)), x], axis=1)


def fit_rbf(centers: NDArray[np.float64, N, Two], values: NDArray[np.float64, N, V], smoothing: float = 0.0) -> tuple[NDArray[np.float64, N, V], NDArray[np.float64, Three, V]]:
    n = centers.shape[0]
    K = thin_plate(distances(centers, centers)) + smoothing * np.eye(n)
    P = polynomial_matrix(centers)
    lhs = np.block([[K, P], [P.T, np.zeros((3, 3))]])
    rhs = np.concatenate([values, np.zeros((3, values.shape[1]))], axis=0)
    sol = np.linalg.solve(lhs, rhs)
    return sol[:n], sol[n:]


def evaluate(centers: NDArray[np.float64, N, Two], kernel_coef: NDArray[np.float64, N, V], poly_coef: NDArray[np.float64, Three, V], x: NDArray[np.float64, M, Two]) -> NDArray[np.float64, M, V]:
    return thin_plate(distances(x, centers)) @ kernel_coef + polynomial_matrix(x) @ poly_coef


def main() -> None:
    rng = np.random.default_rng(25)
    centers = rng.uniform(-1, 1, size=(40, 2))
    values = np.stack([np.sin(2 * centers[:, 0]) + centers[:, 1], centers[:, 0] * centers[:, 1]], axis=1)
    kc, pc = fit_rbf(centers, values)
    assert kc.shape == (40, 2) and pc.shape == (3, 2)
    assert np.allclose(evaluate(centers, kc, pc, centers), values, atol=1e-8)  # interpolates exactly
    assert np.allclose(kc.sum(axis=0), 0.0, atol=1e-8)  # orthogonal to the polynomials
    grid = np.stack(np.meshgrid(np.linspace(-0.5, 0.5, 6), np.linspace(-0.5, 0.5, 5)), axis=-1).reshape(-1, 2)
    approx = evaluate(centers, kc, pc, grid)
    assert approx.shape == (30, 2)
    assert np.max(np.abs(approx[:, 1] - grid[:, 0] * grid[:, 1])) < 0.05


if __name__ == "__main__":
    main()
