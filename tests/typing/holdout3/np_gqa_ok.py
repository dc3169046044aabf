"""Grouped-query attention at decode time: a few new query positions against a padded key/value
cache, query heads grouped over fewer key/value heads."""

import math

import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
Hq = DimensionVar("Hq")
Hkv = DimensionVar("Hkv")
Q = DimensionVar("Q")
T = DimensionVar("T")
D = DimensionVar("D")


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def gqa(
    q: NDArray[np.float32, B, Hq, Q, D],
    k: NDArray[np.float32, B, Hkv, T, D],
    v: NDArray[np.float32, B, Hkv, T, D],
    valid: NDArray[np.bool_, B, T],
) -> NDArray[np.float32, B, Hq, Q, D]:
    b, hq, nq, d = q.shape
    hkv = k.shape[1]
    qg = q.reshape(b, hkv, hq // hkv, nq, d)
    scores = np.einsum("bhgqd,bhtd->bhgqt", qg, k) / math.sqrt(d)
    scores = np.where(valid[:, None, None, None, :], scores, -1e30)
    w = softmax(scores)
    out = np.einsum("bhgqt,bhtd->bhgqd", w, v)
    return out.reshape(b, hq, nq, d).astype(np.float32)


def lengths_to_mask(lengths: NDArray[np.int64, B], max_len: int) -> NDArray[np.bool_, B, T]:
    return np.arange(max_len)[None, :] < lengths[:, None]


def main() -> None:
    rng = np.random.default_rng(11)
    b, hq, hkv, nq, t, d = 2, 6, 2, 3, 7, 4
    q = rng.normal(size=(b, hq, nq, d)).astype(np.float32)
    k = rng.normal(size=(b, hkv, t, d)).astype(np.float32)
    v = rng.normal(size=(b, hkv, t, d)).astype(np.float32)
    valid = lengths_to_mask(np.array([5, 7]), t)
    out = gqa(q, k, v, valid)
    # heads sharing a key/value head with equal queries give equal outputs
    q2 = q.copy()
    q2[:, 1] = q2[:, 0]
    out2 = gqa(q2, k, v, valid)
    assert out.shape == (b, hq, nq, d) and np.allclose(out2[:, 0], out2[:, 1])
