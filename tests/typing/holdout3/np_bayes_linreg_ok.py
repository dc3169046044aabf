"""Bayesian linear regression with a Gaussian prior: the posterior over weights, the predictive
mean and variance, and the log marginal likelihood (evidence) for choosing alpha and beta."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")


def design(x: NDArray[np.float64, N], degree: int) -> np.ndarray:
    return np.vander(x, degree + 1, increasing=True)


def posterior(
    X: NDArray[np.float64, N, D], y: NDArray[np.float64, N], alpha: float, beta: float
) -> tuple[NDArray[np.float64, D], NDArray[np.float64, D, D]]:
    precision = alpha * np.eye(X.shape[1]) + beta * X.T @ X
    cov = np.linalg.inv(precision)
    mean = beta * cov @ X.T @ y
    return mean, cov


def predictive(
    Xs: NDArray[np.float64, M, D], mean: NDArray[np.float64, D], cov: NDArray[np.float64, D, D], beta: float
) -> tuple[NDArray[np.float64, M], NDArray[np.float64, M]]:
    return Xs @ mean, 1.0 / beta + np.einsum("md,de,me->m", Xs, cov, Xs)


def log_evidence(X: NDArray[np.float64, N, D], y: NDArray[np.float64, N], alpha: float, beta: float) -> float:
    n, d = X.shape
    mean, cov = posterior(X, y, alpha, beta)
    resid = y - X @ mean
    energy = 0.5 * beta * float(resid @ resid) + 0.5 * alpha * float(mean @ mean)
    _, logdet = np.linalg.slogdet(np.linalg.inv(cov))
    return 0.5 * d * np.log(alpha) + 0.5 * n * np.log(beta) - energy - 0.5 * float(logdet) - 0.5 * n * np.log(2 * np.pi)


def main() -> None:
    rng = np.random.default_rng(16)
    x = rng.uniform(-1, 1, size=30)
    y = 0.5 - x + 2 * x**3 + 0.1 * rng.normal(size=30)
    scores = {deg: log_evidence(design(x, deg), y, 1e-2, 100.0) for deg in (1, 3, 5)}
    assert max(scores, key=lambda k: scores[k]) >= 3
    mean, cov = posterior(design(x, 3), y, 1e-2, 100.0)
    mu, var = predictive(design(np.linspace(-1, 1, 7), 3), mean, cov, 100.0)
    assert mu.shape == var.shape == (7,) and (var > 0.01 - 1e-9).all()
