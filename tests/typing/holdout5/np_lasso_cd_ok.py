"""Lasso by cyclic coordinate descent with soft thresholding, on standardised features."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
P = DimensionVar("P")


def standardise(x: NDArray[np.float64, N, P]) -> tuple[NDArray[np.float64, N, P], NDArray[np.float64, P], NDArray[np.float64, P]]:
    mu = x.mean(axis=0)
    sd = x.std(axis=0)
    return (x - mu) / sd, mu, sd


def soft_threshold(z: float, gamma: float) -> float:
    return float(np.sign(z) * max(abs(z) - gamma, 0.0))


def lasso(x: NDArray[np.float64, N, P], y: NDArray[np.float64, N], lam: float, sweeps: int = 100) -> NDArray[np.float64, P]:
    n, p = x.shape
    beta: NDArray[np.float64, P] = np.zeros(p)
    col_sq: NDArray[np.float64, P] = (x**2).sum(axis=0) / n
    resid = y - x @ beta
    for _ in range(sweeps):
        for j in range(p):
            resid = resid + x[:, j] * beta[j]
            rho = float(x[:, j] @ resid) / n
            beta[j] = soft_threshold(rho, lam) / col_sq[j]
            resid = resid - x[:, j] * beta[j]
    return beta


def main() -> None:
    rng = np.random.default_rng(10)
    x_raw = rng.standard_normal((80, 6)) * np.array([1.0, 2.0, 0.5, 3.0, 1.0, 1.5])
    truth = np.array([2.0, 0.0, 0.0, -1.5, 0.0, 0.0])
    xs, mu, sd = standardise(x_raw)
    y = xs @ truth + 0.05 * rng.standard_normal(80)
    beta = lasso(xs, y - y.mean(), lam=0.1)
    assert beta.shape == (6,)
    assert abs(beta[1]) < 1e-8 and beta[0] > 1.0


if __name__ == "__main__":
    main()
