"""Temperature sampling from logits with jax.random.categorical, and the log-probability of samples."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Vocab = DimensionVar("Vocab")


def sample(key: jax.Array, logits: NDArray[float32, Batch, Vocab], temperature: float = 1.0) -> NDArray[int32, Batch]:
    return jax.random.categorical(key, logits / temperature, axis=0)  # BUG: sampled along the batch axis


def sample_log_prob(logits: NDArray[float32, Batch, Vocab], tokens: NDArray[int32, Batch]) -> NDArray[float32, Batch]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    return jnp.take_along_axis(logp, tokens[:, None], axis=-1)[:, 0]


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(53))
    logits = jax.random.normal(k1, (3, 12))
    tokens = sample(k2, logits, 0.7)
    print("sampling", tokens.shape, sample_log_prob(logits, tokens).shape)


if __name__ == "__main__":
    main()
