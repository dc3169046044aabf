"""RMS normalisation over the last axis of a batch of sequences (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Model = DimensionVar("Model")


def rms_norm(x: NDArray[float32, Batch, Seq, Model], scale: NDArray[float32, Model], eps: float = 1e-6) -> NDArray[float32, Batch, Seq, Model]:
    ms = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
    return x * jax.lax.rsqrt(ms + eps) * scale


def token_norms(x: NDArray[float32, Batch, Seq, Model]) -> NDArray[float32, Batch, Seq]:
    return jnp.sqrt(jnp.sum(x * x, axis=-1))


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(5), (2, 3, 8)) * 4
    y = rms_norm(x, jnp.ones(8))
    print("rms norm", y.shape, token_norms(y).shape)


if __name__ == "__main__":
    main()
