"""Value iteration on a stochastic grid-world MDP (slippery moves), with lax.fori_loop, then the greedy policy."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

S = DimensionVar("S")
A = DimensionVar("A")

MOVES = jnp.array([[-1, 0], [1, 0], [0, -1], [0, 1]])


def transitions(rows: int, cols: int, slip: float) -> NDArray[np.float32, Any, Any, Any]:
    ys, xs = jnp.divmod(jnp.arange(rows * cols), cols)
    t = jnp.zeros((rows * cols, 4, rows * cols))
    for a in range(4):
        for m, p in ((a, 1.0 - slip), ((a + 1) % 4, slip / 2), ((a + 3) % 4, slip / 2)):
            ny = jnp.clip(ys + MOVES[m, 0], 0, rows - 1)
            nx = jnp.clip(xs + MOVES[m, 1], 0, cols - 1)
            t = t.at[jnp.arange(rows * cols), a, ny * cols + nx].add(p)
    return t


def bellman(v: NDArray[np.float32, S], trans: NDArray[np.float32, S, A, S], reward: NDArray[np.float32, S], gamma: float) -> NDArray[np.float32, S, A]:
    return reward[:, None] + gamma * jnp.einsum("sat,t->sa", trans, v)


def value_iteration(trans: NDArray[np.float32, S, A, S], reward: NDArray[np.float32, S], gamma: float, iters: int) -> tuple[NDArray[np.float32, S], NDArray[np.int32, S]]:
    def body(_: int, v: jax.Array) -> jax.Array:
        return bellman(v, trans, reward, gamma).max(axis=1)

    v = jax.lax.fori_loop(0, iters, body, jnp.zeros(reward.shape[0]))
    q = bellman(v, trans, reward, gamma)
    policy: NDArray[np.int32, S] = jnp.argmax(q, axis=1).astype(jnp.int32)
    return v, policy


def main() -> None:
    rows, cols = 4, 6
    trans = transitions(rows, cols, 0.2)
    assert jnp.allclose(trans.sum(axis=-1), 1.0)
    reward = jnp.zeros(rows * cols).at[rows * cols - 1].set(1.0)
    v, policy = value_iteration(trans, reward, 0.9, 200)
    assert v.shape == (24,) and policy.shape == (24,)
    assert int(jnp.argmax(v)) == 23


if __name__ == "__main__":
    main()
