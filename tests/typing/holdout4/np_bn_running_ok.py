"""Batch normalisation over (N, D) features with running statistics for inference."""

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


@dataclass
class BNState:
    running_mean: npt.NDArray[np.float32]
    running_var: npt.NDArray[np.float32]
    momentum: float = 0.1


def batch_stats(x: NDArray[float32, N, D]) -> tuple[NDArray[float32, D], NDArray[float32, D]]:
    mean = x.mean(axis=0)
    return mean, ((x - mean) ** 2).mean(axis=0)


def bn_train(
    x: NDArray[float32, N, D], gamma: NDArray[float32, D], beta: NDArray[float32, D], state: BNState
) -> NDArray[float32, N, D]:
    mean, var = batch_stats(x)
    m = state.momentum
    state.running_mean = (1 - m) * state.running_mean + m * mean
    n = x.shape[0]
    state.running_var = (1 - m) * state.running_var + m * var * (n / (n - 1))
    x_hat = (x - mean) / np.sqrt(var + 1e-5)
    return gamma * x_hat + beta


def bn_eval(
    x: NDArray[float32, N, D], gamma: NDArray[float32, D], beta: NDArray[float32, D], state: BNState
) -> NDArray[float32, N, D]:
    inv_std: NDArray[float32, D] = 1.0 / np.sqrt(state.running_var + 1e-5)
    return (x - state.running_mean) * (gamma * inv_std) + beta


def main() -> None:
    rng = np.random.default_rng(1)
    d = 5
    state = BNState(np.zeros(d, np.float32), np.ones(d, np.float32))
    gamma, beta = np.ones(d, np.float32), np.zeros(d, np.float32)
    for _ in range(20):
        x = (3.0 + 2.0 * rng.standard_normal((16, d))).astype(np.float32)
        y = bn_train(x, gamma, beta, state)
        assert y.shape == (16, d)
    out = bn_eval(rng.standard_normal((7, d)).astype(np.float32), gamma, beta, state)
    assert out.shape == (7, d)
    assert float(state.running_mean.mean()) > 1.0


if __name__ == "__main__":
    main()
