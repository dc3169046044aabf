"""Sampling the next token with per-sequence temperature and nucleus (top-p) filtering."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Vocab = DimensionVar("Vocab")


def apply_temperature(logits: NDArray[float32, Batch, Vocab], temperature: NDArray[float32, Batch]) -> NDArray[float32, Batch, Vocab]:
    return logits / jnp.maximum(temperature, 1e-4)  # BUG: the new axis is missing: (Batch, Vocab) / (Batch,)


def top_p_filter(logits: NDArray[float32, Batch, Vocab], p: float) -> NDArray[float32, Batch, Vocab]:
    order = jnp.argsort(-logits, axis=-1)
    sorted_logits = jnp.take_along_axis(logits, order, axis=-1)
    cumulative = jnp.cumsum(jax.nn.softmax(sorted_logits, axis=-1), axis=-1)
    # keep the smallest prefix whose mass reaches p (the first token is always kept)
    drop_sorted = cumulative - jax.nn.softmax(sorted_logits, axis=-1) >= p
    drop = jnp.zeros_like(drop_sorted).at[jnp.arange(logits.shape[0])[:, None], order].set(drop_sorted)
    return jnp.where(drop, -jnp.inf, logits)


def sample(key: jax.Array, logits: NDArray[float32, Batch, Vocab], temperature: NDArray[float32, Batch], p: float = 0.9) -> NDArray[int32, Batch]:
    filtered = top_p_filter(apply_temperature(logits, temperature), p)
    return jax.random.categorical(key, filtered, axis=-1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(14))
    logits = 3.0 * jax.random.normal(k1, (3, 17))
    temperature = jnp.array([0.7, 1.0, 1.3])
    tokens = sample(k2, logits, temperature)
    assert tokens.shape == (3,)
    print("tokens", tokens)


if __name__ == "__main__":
    main()
