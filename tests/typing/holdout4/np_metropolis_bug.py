"""Random-walk Metropolis-Hastings with several parallel chains on a correlated Gaussian target."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Chains = DimensionVar("Chains")
Dim = DimensionVar("Dim")
Steps = DimensionVar("Steps")


def log_target(x: NDArray[float64, Chains, Dim], precision: NDArray[float64, Dim, Dim]) -> NDArray[float64, Chains]:
    return -0.5 * np.einsum("cd,de,ce->c", x, precision, x)


def mh_step(
    x: NDArray[float64, Chains, Dim],
    logp: NDArray[float64, Chains],
    precision: NDArray[float64, Dim, Dim],
    step: float,
    rng: np.random.Generator,
) -> tuple[NDArray[float64, Chains, Dim], NDArray[float64, Chains], np.ndarray]:
    proposal = x + step * rng.standard_normal(x.shape)
    logp_new = log_target(proposal, precision)
    accept = np.log(rng.random(x.shape[0])) < logp_new - logp
    x_next = np.where(accept[None, :], proposal, x)  # BUG: the new axis goes after the chains: (1, Chains) meets Dim
    return x_next, np.where(accept, logp_new, logp), accept


def run_chains(
    x0: NDArray[float64, Chains, Dim], precision: NDArray[float64, Dim, Dim], n_steps: int, seed: int = 0
) -> tuple[NDArray[float64, Steps, Chains, Dim], float]:
    rng = np.random.default_rng(seed)
    x, logp = x0, log_target(x0, precision)
    samples, accepted = [], 0.0
    for _ in range(n_steps):
        x, logp, acc = mh_step(x, logp, precision, 0.5, rng)
        samples.append(x)
        accepted += float(acc.mean())
    return np.stack(samples), accepted / n_steps


def main() -> None:
    cov = np.array([[1.0, 0.8, 0.0], [0.8, 1.0, 0.3], [0.0, 0.3, 2.0]])
    x0 = np.zeros((4, 3))
    samples, rate = run_chains(x0, np.linalg.inv(cov), n_steps=200)
    assert samples.shape == (200, 4, 3)
    assert 0.05 < rate < 0.95


if __name__ == "__main__":
    main()
