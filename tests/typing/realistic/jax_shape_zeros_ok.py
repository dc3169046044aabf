"""Initial states sized from the input's shape: RNN state, attention cache (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Model = DimensionVar("Model")


def initial_state(x: NDArray[float32, Batch, Seq, Model]) -> NDArray[float32, Batch, Model]:
    batch, _, model = x.shape
    return jnp.zeros((batch, model), dtype=jnp.float32)


def empty_cache(x: NDArray[float32, Batch, Seq, Model]) -> NDArray[float32, Batch, Seq, Model]:
    b, s, m = x.shape
    return jnp.zeros((b, s, m), dtype=x.dtype)


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(49), (2, 5, 4))
    print("state", initial_state(x).shape, empty_cache(x).shape)


if __name__ == "__main__":
    main()
