"""Gaussian naive Bayes as scikit-learn's GaussianNB fits and scores it: per-class means and
variances with var_smoothing, the joint log-likelihood per class, and probabilities normalised
with a log-sum-exp."""

from dataclasses import dataclass
from typing import Any, Generic

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
F = DimensionVar("F")
C = DimensionVar("C")


@dataclass
class GaussianNBModel(Generic[C, F]):
    theta: NDArray[np.float64, C, F]
    var: NDArray[np.float64, C, F]
    class_prior: NDArray[np.float64, C]


def fit(X: NDArray[np.float64, N, F], y: NDArray[np.int64, N], n_classes: int, var_smoothing: float = 1e-9) -> GaussianNBModel[Any, F]:
    epsilon = var_smoothing * np.var(X, axis=0).max()
    theta = np.stack([X[y == c].mean(axis=0) for c in range(n_classes)])
    var = np.stack([X[y == c].var(axis=0) for c in range(n_classes)]) + epsilon
    prior = np.bincount(y, minlength=n_classes) / y.shape[0]
    return GaussianNBModel(theta, var, prior)


def joint_log_likelihood(model: GaussianNBModel[C, F], X: NDArray[np.float64, N, F]) -> NDArray[np.float64, N, C]:
    log_prior = np.log(model.class_prior)
    n_ij = -0.5 * np.sum(np.log(2.0 * np.pi * model.var), axis=1)
    sq = (X[:, None, :] - model.theta[None, :, :]) ** 2 / model.var[None, :, :]
    n_ij = n_ij[None, :] - 0.5 * np.sum(sq, axis=1)  # BUG: squared deviations summed over classes (N, F), not features (N, C)
    return log_prior + n_ij


def predict_log_proba(model: GaussianNBModel[C, F], X: NDArray[np.float64, N, F]) -> NDArray[np.float64, N, C]:
    jll = joint_log_likelihood(model, X)
    a_max = jll.max(axis=1, keepdims=True)
    log_norm = a_max + np.log(np.exp(jll - a_max).sum(axis=1, keepdims=True))
    return jll - log_norm


def main() -> None:
    rng = np.random.default_rng(22)
    means = np.array([[0.0, 0.0, 0.0, 0.0, 0.0], [3.0, 3.0, 0.0, 0.0, 1.0], [0.0, -3.0, 3.0, 0.0, 0.0]])
    y = rng.integers(0, 3, size=70)
    X = means[y] + rng.normal(size=(70, 5))
    model = fit(X, y, n_classes=3)
    assert model.theta.shape == (3, 5) and model.class_prior.shape == (3,)
    log_proba = predict_log_proba(model, X)
    assert log_proba.shape == (70, 3)
    assert np.allclose(np.exp(log_proba).sum(axis=1), 1.0)
    assert np.mean(log_proba.argmax(axis=1) == y) > 0.9


if __name__ == "__main__":
    main()
