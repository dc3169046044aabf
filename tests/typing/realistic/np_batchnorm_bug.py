"""Batch normalisation in training mode, returning the batch statistics too (numpy)."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
C = DimensionVar("C")


def batch_stats(x: NDArray[float32, N, C]) -> tuple[NDArray[float32, C], NDArray[float32, C]]:
    return x.mean(axis=0), x.var(axis=1)  # BUG: variance over the wrong axis


def batch_norm(
    x: NDArray[float32, N, C], gamma: NDArray[float32, C], beta: NDArray[float32, C], eps: float = 1e-5
) -> NDArray[float32, N, C]:
    mean, var = batch_stats(x)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta


def update_running(
    running: NDArray[float32, C], batch: NDArray[float32, C], momentum: float = 0.9
) -> NDArray[float32, C]:
    return momentum * running + (1.0 - momentum) * batch


def main() -> None:
    rng = np.random.default_rng(5)
    x = rng.standard_normal((32, 6), dtype=np.float32) * 3 + 1
    gamma = np.ones(6, dtype=np.float32)
    beta = np.zeros(6, dtype=np.float32)
    y = batch_norm(x, gamma, beta)
    mean, _ = batch_stats(x)
    running = update_running(np.zeros(6, dtype=np.float32), mean)
    print("batch norm", y.shape, running.shape)


if __name__ == "__main__":
    main()
