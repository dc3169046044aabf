"""Masked sequence loss: per-token losses, padding ignored through jnp.where (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32, int32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Vocab = DimensionVar("Vocab")


def token_nll(logits: NDArray[float32, Batch, Seq, Vocab], targets: NDArray[int32, Batch, Seq]) -> NDArray[float32, Batch, Seq]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(logp, targets[..., None], axis=-1)  # BUG: forgot to drop the gathered axis: (Batch, Seq, 1)


def masked_loss(logits: NDArray[float32, Batch, Seq, Vocab], targets: NDArray[int32, Batch, Seq], mask: NDArray[bool_, Batch, Seq]) -> float:
    nll = token_nll(logits, targets)
    total = jnp.where(mask, nll, 0.0).sum()
    return float(total / jnp.maximum(mask.sum(), 1))


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(26))
    logits = jax.random.normal(k1, (2, 5, 11))
    targets = jax.random.randint(k2, (2, 5), 0, 11)
    mask = jnp.arange(5)[None, :] < jnp.array([5, 3])[:, None]
    print("jax masked loss", masked_loss(logits, targets, mask))


if __name__ == "__main__":
    main()
