"""A Poisson GLM (log link) for count data, fitted by Newton's method with a small ridge."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")


def rate(X: NDArray[np.float64, N, D], w: NDArray[np.float64, D], b: float) -> NDArray[np.float64, N]:
    return np.exp(X @ w + b)


def nll(X: NDArray[np.float64, N, D], y: NDArray[np.float64, N], w: NDArray[np.float64, D], b: float) -> float:
    eta = X @ w + b
    return float((np.exp(eta) - y * eta).mean())


def gradient(X: NDArray[np.float64, N, D], y: NDArray[np.float64, N], w: NDArray[np.float64, D], b: float) -> tuple[NDArray[np.float64, D], float]:
    r = rate(X, w, b) - y
    return r @ X.T / len(y), float(r.mean())  # BUG: (N,) @ (D, N): operands swapped


def newton_step(
    X: NDArray[np.float64, N, D], y: NDArray[np.float64, N], w: NDArray[np.float64, D], b: float, ridge: float
) -> tuple[NDArray[np.float64, D], float]:
    mu = rate(X, w, b)
    g_w, g_b = gradient(X, y, w, b)
    Xa = np.concatenate([X, np.ones((X.shape[0], 1))], axis=1)
    H = (Xa * mu[:, None]).T @ Xa / len(y) + ridge * np.eye(Xa.shape[1])
    delta = np.linalg.solve(H, np.append(g_w, g_b))
    return w - delta[:-1], b - float(delta[-1])


def main() -> None:
    rng = np.random.default_rng(17)
    n, d = 200, 3
    X = rng.normal(size=(n, d))
    w_true = np.array([0.4, -0.3, 0.2])
    y = rng.poisson(np.exp(X @ w_true + 0.5)).astype(np.float64)
    w, b = np.zeros(d), 0.0
    start = nll(X, y, w, b)
    for _ in range(10):
        w, b = newton_step(X, y, w, b, 1e-6)
    assert nll(X, y, w, b) < start and np.abs(w - w_true).max() < 0.2
