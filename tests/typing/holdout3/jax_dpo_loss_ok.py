"""Direct preference optimisation: masked sequence log-probabilities under the policy and the
reference model, the DPO loss and the implicit reward accuracy."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Vocab = DimensionVar("Vocab")


def sequence_logprob(
    logits: NDArray[np.float32, Batch, Seq, Vocab], tokens: NDArray[np.int32, Batch, Seq], mask: NDArray[np.float32, Batch, Seq]
) -> NDArray[np.float32, Batch]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    tok = jnp.take_along_axis(logp, tokens[..., None], axis=-1)[..., 0]
    return (tok * mask).sum(axis=-1)


def dpo_loss(
    pol_chosen: NDArray[np.float32, Batch],
    pol_rejected: NDArray[np.float32, Batch],
    ref_chosen: NDArray[np.float32, Batch],
    ref_rejected: NDArray[np.float32, Batch],
    beta: float,
) -> jax.Array:
    margin = beta * ((pol_chosen - ref_chosen) - (pol_rejected - ref_rejected))
    return -jax.nn.log_sigmoid(margin).mean()


def reward_accuracy(pol_chosen: jax.Array, pol_rejected: jax.Array, ref_chosen: jax.Array, ref_rejected: jax.Array) -> float:
    return float(((pol_chosen - ref_chosen) > (pol_rejected - ref_rejected)).mean())


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(3), 6)
    batch, seq, vocab = 3, 5, 11
    tokens_c = jax.random.randint(keys[0], (batch, seq), 0, vocab)
    tokens_r = jax.random.randint(keys[1], (batch, seq), 0, vocab)
    mask = (jnp.arange(seq)[None, :] < jnp.array([5, 3, 4])[:, None]).astype(jnp.float32)
    pol_logits = jax.random.normal(keys[2], (batch, seq, vocab))
    ref_logits = jax.random.normal(keys[3], (batch, seq, vocab))
    pc = sequence_logprob(pol_logits, tokens_c, mask)
    pr = sequence_logprob(pol_logits, tokens_r, mask)
    rc = sequence_logprob(ref_logits, tokens_c, mask)
    rr = sequence_logprob(ref_logits, tokens_r, mask)
    loss = dpo_loss(pc, pr, rc, rr, beta=0.1)
    assert loss.shape == () and float(loss) > 0
    assert 0.0 <= reward_accuracy(pc, pr, rc, rr) <= 1.0
