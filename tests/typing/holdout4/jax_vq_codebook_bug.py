"""VQ-VAE quantisation: nearest codebook entries, straight-through gradients, commitment loss, and
an EMA codebook update."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

N = DimensionVar("N")
D = DimensionVar("D")
K = DimensionVar("K")


class EMAState(NamedTuple):
    counts: jax.Array
    sums: jax.Array


def nearest_code(z: NDArray[float32, N, D], codebook: NDArray[float32, K, D]) -> NDArray[int32, N]:
    d2 = jnp.sum(z**2, axis=1, keepdims=True) - 2.0 * z @ codebook + jnp.sum(codebook**2, axis=1)[None, :]  # BUG: transpose forgotten: z (N, D) @ codebook (K, D)
    return jnp.argmin(d2, axis=1).astype(jnp.int32)


def quantise(z: NDArray[float32, N, D], codebook: NDArray[float32, K, D]) -> tuple[NDArray[float32, N, D], jax.Array]:
    idx = nearest_code(z, codebook)
    zq = codebook[idx]
    commitment = jnp.mean((z - jax.lax.stop_gradient(zq)) ** 2)
    return z + jax.lax.stop_gradient(zq - z), commitment


def ema_update(state: EMAState, z: NDArray[float32, N, D], idx: NDArray[int32, N], n_codes: int, decay: float = 0.9) -> EMAState:
    onehot = jax.nn.one_hot(idx, n_codes)
    counts = decay * state.counts + (1 - decay) * onehot.sum(axis=0)
    sums = decay * state.sums + (1 - decay) * onehot.T @ z
    return EMAState(counts, sums)


def codebook_from(state: EMAState, eps: float = 1e-5) -> jax.Array:
    return state.sums / (state.counts[:, None] + eps)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(17))
    n, d, k = 40, 3, 6
    codebook = jax.random.normal(k1, (k, d))
    z = jax.random.normal(k2, (n, d))
    zq, commit = quantise(z, codebook)
    assert zq.shape == (n, d) and commit.shape == ()
    g = jax.grad(lambda z: quantise(z, codebook)[0].sum())(z)
    assert jnp.allclose(g, 1.0)
    state = EMAState(jnp.ones(k), codebook)
    for _ in range(5):
        state = ema_update(state, z, nearest_code(z, codebook_from(state)), k)
    assert codebook_from(state).shape == (k, d)


if __name__ == "__main__":
    main()
