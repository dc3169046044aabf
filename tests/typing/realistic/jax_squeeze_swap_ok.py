"""Sequence model plumbing: squeezing a singleton head axis, swapping batch and time (jax)."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
Feat = DimensionVar("Feat")


def scores_from_head(out: NDArray[float32, Batch, Time, Literal[1]]) -> NDArray[float32, Batch, Time]:
    return jnp.squeeze(out, axis=-1)


def batch_to_time_major(x: NDArray[float32, Batch, Time, Feat]) -> NDArray[float32, Time, Batch, Feat]:
    return jnp.swapaxes(x, 0, 1)


def time_to_batch_major(x: NDArray[float32, Time, Batch, Feat]) -> NDArray[float32, Batch, Time, Feat]:
    return x.swapaxes(0, 1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(39))
    out = jax.random.normal(k1, (2, 7, 1))
    x = jax.random.normal(k2, (2, 7, 4))
    print("plumbing", scores_from_head(out).shape, time_to_batch_major(batch_to_time_major(x)).shape)


if __name__ == "__main__":
    main()
