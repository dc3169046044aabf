"""Forward-backward for a discrete hidden Markov model, with per-step scaling."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

Time = DimensionVar("Time")
State = DimensionVar("State")
Symbol = DimensionVar("Symbol")


def emission_probs(emit: NDArray[float64, State, Symbol], obs: NDArray[int64, Time]) -> NDArray[float64, Time, State]:
    return emit[:, obs].T


def forward(
    start: NDArray[float64, State], trans: NDArray[float64, State, State], lik: NDArray[float64, Time, State]
) -> tuple[NDArray[float64, Time, State], NDArray[float64, Time]]:
    steps, n_states = lik.shape
    alphas = np.zeros((steps, n_states))
    scales = np.zeros(steps)
    alpha = start * lik[0]
    for t in range(steps):
        if t > 0:
            alpha = (alpha @ trans) * lik[t]
        scales[t] = alpha.sum()
        alpha = alpha / scales[t]
        alphas[t] = alpha
    return alphas, scales


def backward(
    trans: NDArray[float64, State, State], lik: NDArray[float64, Time, State], scales: NDArray[float64, Time]
) -> NDArray[float64, Time, State]:
    betas = np.ones_like(lik)
    for t in range(lik.shape[0] - 2, -1, -1):
        betas[t] = trans @ (lik[t + 1] * betas[t + 1]) / scales[t + 1]
    return betas


def posteriors(alphas: NDArray[float64, Time, State], betas: NDArray[float64, Time, State]) -> NDArray[float64, Time, State]:
    joint = alphas * betas
    return joint / joint.sum(axis=1)  # BUG: keepdims forgotten: (Time, State) / (Time,) does not broadcast


def main() -> None:
    rng = np.random.default_rng(1)
    n_states, n_symbols, steps = 3, 5, 11
    trans = rng.dirichlet(np.ones(n_states), size=n_states)
    emit = rng.dirichlet(np.ones(n_symbols), size=n_states)
    start = np.full(n_states, 1.0 / n_states)
    obs = rng.integers(0, n_symbols, size=steps)
    lik = emission_probs(emit, obs)
    alphas, scales = forward(start, trans, lik)
    betas = backward(trans, lik, scales)
    gamma = posteriors(alphas, betas)
    assert np.allclose(gamma.sum(axis=1), 1.0)
    print("log-likelihood", np.log(scales).sum())


if __name__ == "__main__":
    main()
