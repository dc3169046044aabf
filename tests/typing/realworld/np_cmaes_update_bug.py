"""One generation at a time of CMA-ES, after Hansen's purecma: sample offspring from N(m, s^2 C),
recombine the best mu with log-rank weights, update the evolution paths, the rank-one and
rank-mu covariance terms and the step size; minimise a rotated ellipsoid."""

from dataclasses import dataclass
from typing import Any, Generic

import numpy as np

from ndtyping import DimensionVar, NDArray

D = DimensionVar("D")
Lam = DimensionVar("Lam")
Mu = DimensionVar("Mu")


@dataclass
class CMAState(Generic[D]):
    mean: NDArray[np.float64, D]
    sigma: float
    C: NDArray[np.float64, D, D]
    pc: NDArray[np.float64, D]
    ps: NDArray[np.float64, D]


def recombination_weights(lam: int) -> NDArray[np.float64, Any]:
    mu = lam // 2
    w = np.log(mu + 0.5) - np.log(np.arange(1, mu + 1))
    return w / w.sum()


def ask(state: CMAState[D], lam: int, rng: np.random.Generator) -> NDArray[np.float64, Any, D]:
    eigvals, B = np.linalg.eigh(state.C)
    z = rng.standard_normal((lam, state.mean.shape[0]))
    return state.mean + state.sigma * (z * np.sqrt(eigvals)) @ B.T


def tell(state: CMAState[D], X: NDArray[np.float64, Lam, D], fitness: NDArray[np.float64, Lam], weights: NDArray[np.float64, Mu]) -> CMAState[D]:
    n, mu_eff = state.mean.shape[0], 1.0 / np.sum(weights**2)
    cc, cs = (4 + mu_eff / n) / (n + 4 + 2 * mu_eff / n), (mu_eff + 2) / (n + mu_eff + 5)
    c1 = 2 / ((n + 1.3) ** 2 + mu_eff)
    cmu = min(1 - c1, 2 * (mu_eff - 2 + 1 / mu_eff) / ((n + 2) ** 2 + mu_eff))
    damps = 1 + 2 * max(0.0, np.sqrt((mu_eff - 1) / (n + 1)) - 1) + cs
    x_sel: NDArray[np.float64, Mu, D] = X[np.argsort(fitness)[: weights.shape[0]]]
    new_mean = x_sel @ weights  # BUG: operands swapped: (Mu, D) @ (Mu,)
    y = (x_sel - state.mean) / state.sigma
    eigvals, B = np.linalg.eigh(state.C)
    C_inv_sqrt = B @ np.diag(eigvals**-0.5) @ B.T
    ps = (1 - cs) * state.ps + np.sqrt(cs * (2 - cs) * mu_eff) * C_inv_sqrt @ (new_mean - state.mean) / state.sigma
    pc = (1 - cc) * state.pc + np.sqrt(cc * (2 - cc) * mu_eff) * (new_mean - state.mean) / state.sigma
    rank_mu = y.T @ (weights[:, None] * y)
    C = (1 - c1 - cmu) * state.C + c1 * np.outer(pc, pc) + cmu * rank_mu
    chi_n = np.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n**2))
    sigma = state.sigma * np.exp((cs / damps) * (np.linalg.norm(ps) / chi_n - 1))
    return CMAState(new_mean, float(sigma), (C + C.T) / 2, pc, ps)


def main() -> None:
    rng = np.random.default_rng(23)
    dim, lam = 4, 10
    rotation, _ = np.linalg.qr(rng.normal(size=(dim, dim)))
    scales = 10.0 ** np.arange(dim)

    def ellipsoid(X: NDArray[np.float64, Lam, D]) -> NDArray[np.float64, Lam]:
        return np.sum((X @ rotation * scales) ** 2, axis=1)

    state = CMAState(np.ones(dim), 0.5, np.eye(dim), np.zeros(dim), np.zeros(dim))
    weights = recombination_weights(lam)
    assert weights.shape == (5,)
    for _ in range(300):
        X = ask(state, lam, rng)
        state = tell(state, X, ellipsoid(X), weights)
    assert state.mean.shape == (4,) and state.C.shape == (4, 4)
    assert ellipsoid(state.mean[None, :])[0] < 1e-6


if __name__ == "__main__":
    main()
