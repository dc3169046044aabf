"""logsumexp with the max trick, and a log-likelihood of a mixture (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Batch = DimensionVar("Batch")
Comp = DimensionVar("Comp")


def logsumexp(x: NDArray[float64, Batch, Comp]) -> NDArray[float64, Batch]:
    m = x.max(axis=-1, keepdims=True)
    return m[:, 0] + np.log(np.exp(x - m).sum(axis=-1))


def mixture_log_likelihood(
    log_weights: NDArray[float64, Comp], log_probs: NDArray[float64, Batch, Comp]
) -> float:
    return float(logsumexp(log_probs + log_weights).sum())


def main() -> None:
    rng = np.random.default_rng(7)
    lp = rng.standard_normal((9, 3))
    lw = np.log(np.full(3, 1.0 / 3.0))
    print("logsumexp", logsumexp(lp).shape, mixture_log_likelihood(lw, lp))


if __name__ == "__main__":
    main()
