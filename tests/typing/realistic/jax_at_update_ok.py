"""Functional in-place updates with .at[]: embedding gradients, diagonals, token resets (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Vocab = DimensionVar("Vocab")
N = DimensionVar("N")
D = DimensionVar("D")
B = DimensionVar("B")
S = DimensionVar("S")


def accumulate_rows(table: NDArray[float32, Vocab, D], ids: NDArray[int32, N], grads: NDArray[float32, N, D]) -> NDArray[float32, Vocab, D]:
    return table.at[ids].add(grads)


def add_jitter(k: NDArray[float32, N, N], eps: float) -> NDArray[float32, N, N]:
    i = jnp.arange(k.shape[0])
    return k.at[i, i].add(eps)


def reset_first_token(x: NDArray[float32, B, S, D]) -> NDArray[float32, B, S, D]:
    return x.at[:, 0, :].set(0.0)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(28))
    table = jnp.zeros((10, 4))
    ids = jnp.array([1, 3, 3])
    grads = jax.random.normal(k1, (3, 4))
    print("jax at", accumulate_rows(table, ids, grads).shape, add_jitter(jnp.eye(3), 1e-3).shape, reset_first_token(jax.random.normal(k2, (2, 5, 4))).shape)


if __name__ == "__main__":
    main()
