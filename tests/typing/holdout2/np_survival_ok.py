"""A discrete-time proportional-hazards model: per-interval hazards, survival curves, likelihood."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

Subject = DimensionVar("Subject")
Interval = DimensionVar("Interval")
Covariate = DimensionVar("Covariate")


def hazards(
    baseline: NDArray[float64, Interval], x: NDArray[float64, Subject, Covariate], beta: NDArray[float64, Covariate]
) -> NDArray[float64, Subject, Interval]:
    risk = np.exp(x @ beta)
    return 1.0 - (1.0 - baseline)[None, :] ** risk[:, None]


def survival(h: NDArray[float64, Subject, Interval]) -> NDArray[float64, Subject, Interval]:
    return np.cumprod(1.0 - h, axis=1)


def log_likelihood(h: NDArray[float64, Subject, Interval], time: NDArray[int64, Subject], event: NDArray[np.bool_, Subject]) -> float:
    n_intervals = h.shape[1]
    at_risk = np.arange(n_intervals)[None, :] < time[:, None]
    survived = np.where(at_risk, np.log1p(-h), 0.0).sum(axis=1)
    rows = np.arange(h.shape[0])
    last = np.clip(time, 0, n_intervals - 1)
    died = np.where(event, np.log(h[rows, last]), np.log1p(-h[rows, last]))
    return float((survived + died).sum())


def median_survival(s: NDArray[float64, Subject, Interval]) -> NDArray[np.intp, Subject]:
    below = s <= 0.5
    return np.where(below.any(axis=1), below.argmax(axis=1), s.shape[1])


def main() -> None:
    rng = np.random.default_rng(10)
    baseline = np.linspace(0.02, 0.2, 8)
    x = rng.normal(size=(30, 3))
    beta = np.array([0.5, -0.3, 0.1])
    h = hazards(baseline, x, beta)
    s = survival(h)
    time = rng.integers(1, 8, size=30)
    event = rng.uniform(size=30) < 0.7
    print("loglik", log_likelihood(h, time, event), "median", median_survival(s)[:5])


if __name__ == "__main__":
    main()
