"""Stationary distribution and simulation of a Markov chain with np.linalg (numpy)."""

import numpy as np
import numpy.typing as npt


def stationary(p: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    evals, evecs = np.linalg.eig(p.T)
    i = int(np.argmin(np.abs(evals - 1.0)))
    v = np.real(evecs[:, i])
    return v / v.sum()


def simulate(p: npt.NDArray[np.float64], start: int, steps: int, seed: int = 0) -> list[int]:
    rng = np.random.default_rng(seed)
    state = start
    path = [state]
    for _ in range(steps):
        state = int(rng.choice(len(p), p=p[state]))
        path.append(state)
    return path


def power_iteration(p, iters=100):
    dist = np.full(len(p), 1.0 / len(p))
    for _ in range(iters):
        dist = dist @ p
    return dist


def main() -> None:
    p = np.array([[0.9, 0.1, 0.0], [0.2, 0.7, 0.1], [0.1, 0.3, 0.6]])
    pi = stationary(p)
    path = simulate(p, 0, 1000)
    freq = np.bincount(path, minlength=3) / len(path)
    print(pi.round(3), power_iteration(p).round(3), freq.round(2))


if __name__ == "__main__":
    main()
