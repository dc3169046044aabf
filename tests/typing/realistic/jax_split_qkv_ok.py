"""Fused QKV projection split with jnp.split, then attention (jax)."""

import math

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq")
Model = DimensionVar("Model")
Fused = DimensionVar("Fused")
Head = DimensionVar("Head", bound=int)


def qkv(x: NDArray[float32, Seq, Model], w: NDArray[float32, Model, Fused]) -> tuple[jax.Array, jax.Array, jax.Array]:
    q, k, v = jnp.split(x @ w, 3, axis=-1)
    return q, k, v


def attend(q: NDArray[float32, Seq, Head], k: NDArray[float32, Seq, Head], v: NDArray[float32, Seq, Head]) -> NDArray[float32, Seq, Head]:
    weights = jax.nn.softmax(q @ k.T / math.sqrt(q.shape[-1]), axis=-1)
    return weights @ v


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(24))
    x = jax.random.normal(k1, (5, 8))
    q, k, v = qkv(x, jax.random.normal(k2, (8, 12)))
    print("jax qkv", attend(q, k, v).shape)


if __name__ == "__main__":
    main()
