"""Speculative decoding: accept a draft model's tokens against the target model's probabilities,
count the accepted prefix and build the residual distribution to resample the first rejection from."""

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
Draft = DimensionVar("Draft")
Vocab = DimensionVar("Vocab")


def softmax(logits: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    z = logits - logits.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def token_probs(
    probs: NDArray[np.float64, Batch, Draft, Vocab], tokens: NDArray[np.int64, Batch, Draft]
) -> NDArray[np.float64, Batch, Draft]:
    return np.take_along_axis(probs, tokens[..., None], axis=-1)[..., 0]


def acceptance(
    p_target: NDArray[np.float64, Batch, Draft, Vocab],
    q_draft: NDArray[np.float64, Batch, Draft, Vocab],
    tokens: NDArray[np.int64, Batch, Draft],
    u: NDArray[np.float64, Batch, Draft],
) -> NDArray[np.bool_, Batch, Draft]:
    p = token_probs(p_target, tokens)
    q = token_probs(q_draft, tokens)
    ratio = np.minimum(1.0, p / np.maximum(q, 1e-12))
    return u < ratio


def accepted_length(accept: NDArray[np.bool_, Batch, Draft]) -> NDArray[np.int64, Batch]:
    # the accepted prefix ends at the first rejection: a running product of the flags
    return np.cumprod(accept.astype(np.int64), axis=1).sum(axis=1)


def residual_distribution(
    p_target: NDArray[np.float64, Batch, Vocab], q_draft: NDArray[np.float64, Batch, Vocab]
) -> NDArray[np.float64, Batch, Vocab]:
    r = np.clip(p_target - q_draft, 0.0, None)
    total = r.sum(axis=-1, keepdims=True)
    return np.where(total > 0, r / np.maximum(total, 1e-12), p_target)


def main() -> None:
    rng = np.random.default_rng(0)
    batch, draft, vocab = 3, 4, 11
    p = softmax(rng.normal(size=(batch, draft, vocab)))
    q = softmax(rng.normal(size=(batch, draft, vocab)))
    tokens = rng.integers(0, vocab, size=(batch, draft))
    u = rng.uniform(size=(batch, draft))
    accept = acceptance(p, q, tokens, u)
    n = accepted_length(accept)
    assert n.shape == (batch,) and (n <= draft).all()
    rows = np.arange(batch)
    pos = np.minimum(n, draft - 1)
    resid = residual_distribution(p[rows, pos], q[rows, pos])
    assert np.allclose(resid.sum(axis=-1), 1.0)
