"""Viterbi decoding of an HMM in log space, with back-pointers."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

T = DimensionVar("T")
S = DimensionVar("S")
V = DimensionVar("V")


def emission_scores(log_emit: NDArray[float64, S, V], obs: NDArray[int64, T]) -> NDArray[float64, T, S]:
    return log_emit[:, obs]  # BUG: transpose forgotten: (S, T) returned for (T, S)


def viterbi_step(
    delta: NDArray[float64, S], log_trans: NDArray[float64, S, S], emit_t: NDArray[float64, S]
) -> tuple[NDArray[float64, S], NDArray[int64, S]]:
    scores = delta[:, None] + log_trans  # from-state on rows
    best_prev = scores.argmax(axis=0)
    return scores.max(axis=0) + emit_t, best_prev.astype(np.int64)


def viterbi(
    log_init: NDArray[float64, S],
    log_trans: NDArray[float64, S, S],
    log_emit: NDArray[float64, S, V],
    obs: NDArray[int64, T],
) -> tuple[NDArray[int64, T], float]:
    emits = emission_scores(log_emit, obs)
    n_steps = obs.shape[0]
    delta = log_init + emits[0]
    back = np.zeros((n_steps, log_init.shape[0]), dtype=np.int64)
    for t in range(1, n_steps):
        delta, back[t] = viterbi_step(delta, log_trans, emits[t])
    path = np.zeros(n_steps, dtype=np.int64)
    path[-1] = int(delta.argmax())
    for t in range(n_steps - 1, 0, -1):
        path[t - 1] = back[t, path[t]]
    return path, float(delta.max())


def main() -> None:
    rng = np.random.default_rng(2)
    s, v, t = 3, 5, 11
    trans = rng.dirichlet(np.ones(s), size=s)
    emit = rng.dirichlet(np.ones(v), size=s)
    init = np.full(s, 1.0 / s)
    obs = rng.integers(0, v, size=t).astype(np.int64)
    path, score = viterbi(np.log(init), np.log(trans), np.log(emit), obs)
    assert path.shape == (t,) and score < 0.0
    assert path.min() >= 0 and path.max() < s


if __name__ == "__main__":
    main()
