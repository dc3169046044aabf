"""CTC loss by the forward algorithm in log space (lax.scan over time), batched with jax.vmap."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
Vocab = DimensionVar("Vocab")
Label = DimensionVar("Label")

NEG = -1e30


def extend_labels(labels: jax.Array, blank: int) -> jax.Array:
    return jnp.full(2 * labels.shape[0] + 1, blank, dtype=jnp.int32).at[1::2].set(labels)


def ctc_loss(log_probs: jax.Array, labels: jax.Array) -> jax.Array:
    ext = extend_labels(labels, 0)
    s = ext.shape[0]
    skip_ok = jnp.concatenate([jnp.array([False, False]), (ext[2:] != ext[:-2]) & (ext[2:] != 0)])
    emit = log_probs[:, ext]
    alpha0 = jnp.full(s, NEG).at[0].set(emit[0, 0]).at[1].set(emit[0, 1])

    def step(alpha: jax.Array, e: jax.Array) -> tuple[jax.Array, None]:
        a1 = jnp.concatenate([jnp.full(1, NEG), alpha[:-1]])
        a2 = jnp.where(skip_ok, jnp.concatenate([jnp.full(2, NEG), alpha[:-2]]), NEG)
        return jnp.logaddexp(jnp.logaddexp(alpha, a1), a2) + e, None

    final, _ = jax.lax.scan(step, alpha0, emit[1:])
    return -jnp.logaddexp(final[-1], final[-2])


def log_softmax_frames(logits: NDArray[np.float32, Batch, Time, Vocab]) -> NDArray[np.float32, Batch, Time, Vocab]:
    return jax.nn.log_softmax(logits, axis=-1)


def batch_ctc(log_probs: NDArray[np.float32, Batch, Time, Vocab], labels: NDArray[np.int32, Batch, Label]) -> NDArray[np.float32, Batch]:
    return jax.vmap(ctc_loss)(log_probs, labels)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(7))
    batch, time, vocab, label = 3, 12, 6, 4
    logits = jax.random.normal(k1, (batch, time, vocab))
    labels = jax.random.randint(k2, (batch, label), 1, vocab)
    losses = batch_ctc(log_softmax_frames(logits), labels)
    assert losses.shape == (batch,) and bool((losses > 0).all())
    # a uniform distribution: the loss does not depend on the labels' values
    uniform = jnp.full((batch, time, vocab), -jnp.log(vocab))
    flat = batch_ctc(uniform, jnp.tile(jnp.array([[1, 2, 3, 4]], dtype=jnp.int32), (batch, 1)))
    assert jnp.allclose(flat, flat[0])
