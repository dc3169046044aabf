"""Feature pipelines: concatenating embeddings, stacking ensemble outputs (jax)."""

from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Da = DimensionVar("Da")
Db = DimensionVar("Db")
Classes = DimensionVar("Classes")


def combine(text: NDArray[float32, Batch, Da], image: NDArray[float32, Batch, Db]) -> NDArray[float32, Batch, Any]:
    return jnp.concatenate([text, image], axis=-1)


def ensemble_probs(logits: Sequence[NDArray[float32, Batch, Classes]]) -> NDArray[float32, Batch, Classes]:
    stacked = jnp.stack([jax.nn.softmax(z, axis=-1) for z in logits], axis=0)
    return stacked.mean(axis=0)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(23), 3)
    text = jax.random.normal(k1, (4, 5))
    image = jax.random.normal(k2, (4, 7))
    logits = [jax.random.normal(k, (4, 3)) for k in jax.random.split(k3, 5)]
    print("jax combine", combine(text, image).shape, ensemble_probs(logits).shape)


if __name__ == "__main__":
    main()
