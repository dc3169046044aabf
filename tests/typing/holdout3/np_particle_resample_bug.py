"""A bootstrap particle filter for a linear-Gaussian tracker: propagate, weight in log space,
systematic resampling when the effective sample size drops."""

from typing import NamedTuple

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")


class Cloud(NamedTuple):
    particles: np.ndarray
    logw: np.ndarray


def systematic_resample(weights: NDArray[np.float64, N], u0: float) -> NDArray[np.int64, N]:
    n = weights.shape[0]
    positions = (np.arange(n) + u0) / n
    cdf = np.cumsum(weights)
    cdf[-1] = 1.0
    return np.searchsorted(cdf, positions).astype(np.int64)


def normalise_log_weights(logw: NDArray[np.float64, N]) -> tuple[NDArray[np.float64, N], float]:
    m = logw.max()
    w = np.exp(logw - m)
    s = w.sum()
    return w / s, float(m + np.log(s) - np.log(len(logw)))


def effective_sample_size(w: NDArray[np.float64, N]) -> float:
    return float(1.0 / np.sum(w**2))


def propagate(
    particles: NDArray[np.float64, N, D], A: NDArray[np.float64, D, D], noise: NDArray[np.float64, N, D]
) -> NDArray[np.float64, N, D]:
    return particles @ A.T + noise


def log_likelihood(particles: NDArray[np.float64, N, D], obs: NDArray[np.float64, D], sigma: float) -> NDArray[np.float64, N]:
    return -0.5 * ((particles - obs) ** 2).sum(axis=0) / sigma**2  # BUG: sums over the particles: (D,), not one log-likelihood per particle (N,)


def step(cloud: Cloud, A: np.ndarray, obs: np.ndarray, rng: np.random.Generator) -> tuple[Cloud, float]:
    particles = propagate(cloud.particles, A, 0.1 * rng.normal(size=cloud.particles.shape))
    logw = cloud.logw + log_likelihood(particles, obs, sigma=0.5)
    w, log_evidence = normalise_log_weights(logw)
    if effective_sample_size(w) < 0.5 * len(w):
        idx = systematic_resample(w, float(rng.uniform()))
        particles, logw = particles[idx], np.zeros(len(w))
    return Cloud(particles, logw), log_evidence


def main() -> None:
    rng = np.random.default_rng(5)
    n, d, steps = 50, 3, 8
    A = np.eye(d) * 0.95
    cloud = Cloud(rng.normal(size=(n, d)), np.zeros(n))
    total = 0.0
    for _ in range(steps):
        cloud, ev = step(cloud, A, rng.normal(size=d), rng)
        total += ev
    assert cloud.particles.shape == (n, d) and np.isfinite(total)
