"""SpecAugment on a batch of log-mel spectrograms: per-example frequency and time masks drawn with
jax.random, then per-utterance normalisation."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
Freq = DimensionVar("Freq")


def draw_masks(key: jax.Array, batch: int, size: int, max_width: int) -> tuple[jax.Array, jax.Array]:
    k1, k2 = jax.random.split(key)
    width = jax.random.randint(k1, (batch,), 0, max_width + 1)
    start = jax.random.randint(k2, (batch,), 0, size - max_width)
    return start, width


def freq_mask(
    spec: NDArray[np.float32, Batch, Time, Freq], start: NDArray[np.int32, Batch], width: NDArray[np.int32, Batch]
) -> NDArray[np.float32, Batch, Time, Freq]:
    f = jnp.arange(spec.shape[-1])
    mask = (f[None, :] >= start[:, None]) & (f[None, :] < (start + width)[:, None])
    return jnp.where(mask[:, None, :], 0.0, spec)


def time_mask(
    spec: NDArray[np.float32, Batch, Time, Freq], start: NDArray[np.int32, Batch], width: NDArray[np.int32, Batch]
) -> NDArray[np.float32, Batch, Time, Freq]:
    t = jnp.arange(spec.shape[1])
    mask = (t[None, :] >= start[:, None]) & (t[None, :] < (start + width)[:, None])
    return jnp.where(mask[:, None, :], 0.0, spec)  # BUG: a (Batch, Time) mask placed as (Batch, 1, Time) against (Batch, Time, Freq)


def normalise(spec: NDArray[np.float32, Batch, Time, Freq]) -> NDArray[np.float32, Batch, Time, Freq]:
    mean = spec.mean(axis=1, keepdims=True)
    std = spec.std(axis=1, keepdims=True)
    return (spec - mean) / (std + 1e-5)


def augment(key: jax.Array, spec: jax.Array) -> jax.Array:
    k1, k2 = jax.random.split(key)
    b, t, f = spec.shape
    spec = freq_mask(spec, *draw_masks(k1, b, f, 4))
    spec = time_mask(spec, *draw_masks(k2, b, t, 6))
    return normalise(spec)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(9))
    batch, time, freq = 3, 20, 8
    spec = jax.random.normal(k1, (batch, time, freq)) + 5.0
    out = augment(k2, spec)
    assert out.shape == (batch, time, freq)
    assert jnp.allclose(out.mean(axis=1), 0.0, atol=1e-4)
