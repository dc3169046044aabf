"""The HMM forward algorithm in log space with jax.lax.scan, and Viterbi decoding."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from ndtyping import DimensionVar, NDArray, float32, int32

Time = DimensionVar("Time")
State = DimensionVar("State")
Symbol = DimensionVar("Symbol")


def emission_logits(log_emit: NDArray[float32, State, Symbol], obs: NDArray[int32, Time]) -> NDArray[float32, Time, State]:
    return log_emit[:, obs]  # BUG: transpose forgotten: (State, Time), not (Time, State)


def log_forward(log_start: NDArray[float32, State], log_trans: NDArray[float32, State, State], log_lik: NDArray[float32, Time, State]) -> float:
    def step(log_alpha: jax.Array, ll_t: jax.Array) -> tuple[jax.Array, None]:
        return logsumexp(log_alpha[:, None] + log_trans, axis=0) + ll_t, None

    final, _ = jax.lax.scan(step, log_start + log_lik[0], log_lik[1:])
    return float(logsumexp(final))


def viterbi(log_start: NDArray[float32, State], log_trans: NDArray[float32, State, State], log_lik: NDArray[float32, Time, State]) -> NDArray[int32, Time]:
    def step(score: jax.Array, ll_t: jax.Array) -> tuple[jax.Array, jax.Array]:
        cand = score[:, None] + log_trans
        return cand.max(axis=0) + ll_t, cand.argmax(axis=0)

    final, back = jax.lax.scan(step, log_start + log_lik[0], log_lik[1:])

    def trace(state: jax.Array, ptr: jax.Array) -> tuple[jax.Array, jax.Array]:
        prev = ptr[state]
        return prev, state

    first, rest = jax.lax.scan(trace, jnp.argmax(final), back, reverse=True)
    return jnp.concatenate([first[None], rest]).astype(jnp.int32)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(1), 3)
    log_trans = jax.nn.log_softmax(jax.random.normal(k1, (3, 3)), axis=1)
    log_emit = jax.nn.log_softmax(jax.random.normal(k2, (3, 7)), axis=1)
    log_start = jnp.log(jnp.full(3, 1 / 3))
    obs = jax.random.randint(k3, (12,), 0, 7)
    log_lik = emission_logits(log_emit, obs)
    print("loglik", log_forward(log_start, log_trans, log_lik))
    path = viterbi(log_start, log_trans, log_lik)
    assert path.shape == (12,)
    print("path", path)


if __name__ == "__main__":
    main()
