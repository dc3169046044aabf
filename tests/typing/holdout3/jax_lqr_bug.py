"""Finite-horizon LQR: the backward Riccati recursion with lax.scan, then a closed-loop rollout
with the time-varying gains (also with lax.scan)."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

S = DimensionVar("S")
U = DimensionVar("U")
T = DimensionVar("T")


def riccati_step(
    P: NDArray[np.float32, S, S],
    A: NDArray[np.float32, S, S],
    B: NDArray[np.float32, S, U],
    Q: NDArray[np.float32, S, S],
    R: NDArray[np.float32, U, U],
) -> tuple[NDArray[np.float32, S, S], NDArray[np.float32, U, S]]:
    BtP = B @ P  # BUG: (S, U) @ (S, S): B.T forgotten
    K = jnp.linalg.solve(R + BtP @ B, BtP @ A)
    P_new = Q + A.T @ P @ (A - B @ K)
    return P_new, K


def lqr_gains(
    A: NDArray[np.float32, S, S], B: NDArray[np.float32, S, U], Q: NDArray[np.float32, S, S], R: NDArray[np.float32, U, U], horizon: int
) -> NDArray[np.float32, Any, U, S]:
    def body(P: jax.Array, _: None) -> tuple[jax.Array, jax.Array]:
        P_new, K = riccati_step(P, A, B, Q, R)
        return 0.5 * (P_new + P_new.T), K

    _, Ks = jax.lax.scan(body, Q, None, length=horizon)
    return Ks[::-1]


def rollout(x0: NDArray[np.float32, S], A: NDArray[np.float32, S, S], B: NDArray[np.float32, S, U], Ks: NDArray[np.float32, T, U, S]) -> NDArray[np.float32, T, S]:
    def step(x: jax.Array, K: jax.Array) -> tuple[jax.Array, jax.Array]:
        x_next = A @ x - B @ (K @ x)
        return x_next, x_next

    _, xs = jax.lax.scan(step, x0, Ks)
    return xs


def main() -> None:
    s, u, horizon = 4, 2, 20
    A = jnp.eye(s) + 0.1 * jnp.eye(s, k=1)
    B = jnp.zeros((s, u)).at[2, 0].set(0.1).at[3, 1].set(0.1)
    Ks = lqr_gains(A, B, jnp.eye(s), 0.1 * jnp.eye(u), horizon)
    assert Ks.shape == (horizon, u, s)
    xs = rollout(jnp.ones(s), A, B, Ks)
    assert xs.shape == (horizon, s) and float(jnp.linalg.norm(xs[-1])) < float(jnp.linalg.norm(jnp.ones(s)))
