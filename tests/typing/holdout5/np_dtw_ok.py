"""Dynamic time warping between multivariate sequences, with a Sakoe-Chiba band and the warping path."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
S = DimensionVar("S")
D = DimensionVar("D")


def local_cost(a: NDArray[np.float64, T, D], b: NDArray[np.float64, S, D]) -> NDArray[np.float64, T, S]:
    return np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=-1))


def accumulate(cost: NDArray[np.float64, T, S], band: int) -> NDArray[np.float64, Any, Any]:
    t, s = cost.shape
    acc = np.full((t + 1, s + 1), np.inf)
    acc[0, 0] = 0.0
    for i in range(1, t + 1):
        lo, hi = max(1, i - band), min(s, i + band)
        for j in range(lo, hi + 1):
            acc[i, j] = cost[i - 1, j - 1] + min(acc[i - 1, j], acc[i, j - 1], acc[i - 1, j - 1])
    return acc


def backtrack(acc: np.ndarray) -> list[tuple[int, int]]:
    i, j = acc.shape[0] - 1, acc.shape[1] - 1
    path = [(i - 1, j - 1)]
    while i > 1 or j > 1:
        steps = [(acc[i - 1, j - 1], i - 1, j - 1), (acc[i - 1, j], i - 1, j), (acc[i, j - 1], i, j - 1)]
        _, i, j = min(steps)
        path.append((i - 1, j - 1))
    return path[::-1]


def dtw(a: NDArray[np.float64, T, D], b: NDArray[np.float64, S, D], band: int = 20) -> tuple[float, list[tuple[int, int]]]:
    cost: NDArray[np.float64, T, S] = local_cost(a, b)
    acc = accumulate(cost, band)
    return float(acc[-1, -1]), backtrack(acc)


def main() -> None:
    t = np.linspace(0, 2 * np.pi, 40)
    a = np.stack([np.sin(t), np.cos(t)], axis=1)
    s = np.linspace(0, 2 * np.pi, 55)
    b = np.stack([np.sin(s**1.1 / (2 * np.pi) ** 0.1), np.cos(s**1.1 / (2 * np.pi) ** 0.1)], axis=1)
    dist, path = dtw(a, b)
    assert path[0] == (0, 0) and path[-1] == (39, 54)
    assert dist < 5.0


if __name__ == "__main__":
    main()
