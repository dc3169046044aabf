"""Tabular Q-learning on a small chain MDP, epsilon-greedy, with a batched expected-SARSA target."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

S = DimensionVar("S")
A = DimensionVar("A")
B = DimensionVar("B")


def epsilon_greedy_policy(q: NDArray[float64, S, A], eps: float) -> NDArray[float64, S, A]:
    n_actions = q.shape[1]
    greedy = np.eye(n_actions)[q.argmax(axis=1)]
    return (1.0 - eps) * greedy + eps / n_actions


def td_targets(
    q: NDArray[float64, S, A],
    rewards: NDArray[float64, B],
    next_states: NDArray[int64, B],
    done: NDArray[np.bool_, B],
    gamma: float,
    eps: float,
) -> NDArray[float64, B]:
    pi = epsilon_greedy_policy(q, eps)
    expected_next: NDArray[float64, B] = (pi[next_states] * q[next_states]).sum(axis=0)  # BUG: summed over the batch, not the actions: (A,) instead of (B,)
    return rewards + gamma * np.where(done, 0.0, expected_next)


def update(
    q: NDArray[float64, S, A], states: NDArray[int64, B], actions: NDArray[int64, B], targets: NDArray[float64, B], lr: float
) -> NDArray[float64, S, A]:
    q = q.copy()
    np.add.at(q, (states, actions), lr * (targets - q[states, actions]))
    return q


def step(state, action, n_states):
    nxt = min(state + 1, n_states - 1) if action == 1 else max(state - 1, 0)
    return nxt, float(nxt == n_states - 1), nxt == n_states - 1


def main() -> None:
    rng = np.random.default_rng(9)
    n_states, n_actions = 7, 2
    q = np.zeros((n_states, n_actions))
    for _ in range(300):
        s = rng.integers(0, n_states - 1, size=5)
        a = rng.integers(0, n_actions, size=5)
        nxt, r, d = zip(*(step(int(si), int(ai), n_states) for si, ai in zip(s, a)))
        targets = td_targets(q, np.array(r), np.array(nxt, dtype=np.int64), np.array(d), 0.9, 0.1)
        q = update(q, s.astype(np.int64), a.astype(np.int64), targets, 0.5)
    assert q.shape == (n_states, n_actions)
    assert int(q[: n_states - 1].argmax(axis=1).min()) == 1


if __name__ == "__main__":
    main()
