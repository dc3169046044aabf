"""Ledoit-Wolf style shrinkage of a sample covariance of asset returns, then minimum-variance weights."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Days = DimensionVar("Days")
Assets = DimensionVar("Assets")


def sample_covariance(returns: NDArray[float64, Days, Assets]) -> NDArray[float64, Assets, Assets]:
    centred = returns - returns.mean(axis=0, keepdims=True)
    return centred @ centred.T / (returns.shape[0] - 1)  # BUG: transpose on the wrong side: (Days, Days) instead of (Assets, Assets)


def shrinkage_intensity(returns: NDArray[float64, Days, Assets], cov: NDArray[float64, Assets, Assets]) -> float:
    n = returns.shape[0]
    centred = returns - returns.mean(axis=0)
    target = np.trace(cov) / cov.shape[0] * np.eye(cov.shape[0])
    outer = np.einsum("ta,tb->tab", centred, centred)
    pi_hat = float(((outer - cov) ** 2).sum()) / n
    gamma_hat = float(((cov - target) ** 2).sum())
    return min(1.0, max(0.0, pi_hat / gamma_hat / n))


def shrunk_covariance(returns: NDArray[float64, Days, Assets]) -> NDArray[float64, Assets, Assets]:
    cov = sample_covariance(returns)
    delta = shrinkage_intensity(returns, cov)
    mu = np.trace(cov) / cov.shape[0]
    return delta * mu * np.eye(cov.shape[0]) + (1.0 - delta) * cov


def min_variance_weights(cov: NDArray[float64, Assets, Assets]) -> NDArray[float64, Assets]:
    ones = np.ones(cov.shape[0])
    raw = np.linalg.solve(cov, ones)
    return raw / raw.sum()


def portfolio_returns(returns: NDArray[float64, Days, Assets], weights: NDArray[float64, Assets]) -> NDArray[float64, Days]:
    return returns @ weights


def main() -> None:
    rng = np.random.default_rng(10)
    returns = 0.01 * rng.standard_normal((30, 6)) + 0.001
    cov = shrunk_covariance(returns)
    w = min_variance_weights(cov)
    assert cov.shape == (6, 6) and w.shape == (6,)
    assert abs(w.sum() - 1.0) < 1e-9
    assert portfolio_returns(returns, w).shape == (30,)


if __name__ == "__main__":
    main()
