"""Ridge regression for many penalties at once through one thin SVD, with generalised cross-validation."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
P = DimensionVar("P")
L = DimensionVar("L")


def ridge_path(x: NDArray[np.float64, N, P], y: NDArray[np.float64, N], lambdas: NDArray[np.float64, L]) -> NDArray[np.float64, L, P]:
    u, s, vt = np.linalg.svd(x, full_matrices=False)
    uty = u.T @ y
    shrink: NDArray[np.float64, L, Any] = s[None, :] / (s[None, :] ** 2 + lambdas[None, :])  # BUG: the penalties as a row (1, L) instead of a column (L, 1)
    return (shrink * uty[None, :]) @ vt


def gcv(x: NDArray[np.float64, N, P], y: NDArray[np.float64, N], coefs: NDArray[np.float64, L, P], lambdas: NDArray[np.float64, L]) -> NDArray[np.float64, L]:
    s = np.linalg.svd(x, compute_uv=False)
    dof = (s[None, :] ** 2 / (s[None, :] ** 2 + lambdas[:, None])).sum(axis=1)
    resid: NDArray[np.float64, L, N] = y[None, :] - coefs @ x.T
    n = x.shape[0]
    return (resid**2).mean(axis=1) / (1.0 - dof / n) ** 2


def main() -> None:
    rng = np.random.default_rng(11)
    x = rng.standard_normal((60, 8))
    y = x @ rng.standard_normal(8) + 0.3 * rng.standard_normal(60)
    lambdas = np.logspace(-3, 2, 15)
    coefs = ridge_path(x, y, lambdas)
    assert coefs.shape == (15, 8)
    scores = gcv(x, y, coefs, lambdas)
    best = int(scores.argmin())
    direct = np.linalg.solve(x.T @ x + lambdas[best] * np.eye(8), x.T @ y)
    assert np.allclose(direct, coefs[best])


if __name__ == "__main__":
    main()
