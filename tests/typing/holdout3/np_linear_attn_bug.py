"""Linear attention with an elu+1 feature map (no softmax, no rotary embedding): the global form and
the causal form by running sums, which agree on the last position."""

import numpy as np

from ndtyping import DimensionVar, NDArray

Head = DimensionVar("Head")
Seq = DimensionVar("Seq")
Dk = DimensionVar("Dk")
Dv = DimensionVar("Dv")


def feature_map(x: NDArray[np.float32, Head, Seq, Dk]) -> NDArray[np.float32, Head, Seq, Dk]:
    return np.where(x > 0, x + 1.0, np.exp(x)).astype(np.float32)


def linear_attention(
    q: NDArray[np.float32, Head, Seq, Dk],
    k: NDArray[np.float32, Head, Seq, Dk],
    v: NDArray[np.float32, Head, Seq, Dv],
) -> NDArray[np.float32, Head, Seq, Dv]:
    phi_q = feature_map(q)
    phi_k = feature_map(k)
    kv = np.einsum("hsd,hse->hed", phi_k, v)  # BUG: kv comes out (Head, Dv, Dk); the output einsum reads it as (Head, Dk, Dv)
    z = 1.0 / (np.einsum("hsd,hd->hs", phi_q, phi_k.sum(axis=1)) + 1e-6)
    return np.einsum("hsd,hde->hse", phi_q, kv) * z[..., None]


def causal_linear_attention(
    q: NDArray[np.float32, Head, Seq, Dk],
    k: NDArray[np.float32, Head, Seq, Dk],
    v: NDArray[np.float32, Head, Seq, Dv],
) -> NDArray[np.float32, Head, Seq, Dv]:
    phi_q = feature_map(q)
    phi_k = feature_map(k)
    kv = np.cumsum(phi_k[..., :, None] * v[..., None, :], axis=1)  # (head, seq, dk, dv)
    k_sum = np.cumsum(phi_k, axis=1)
    num = np.einsum("hsd,hsde->hse", phi_q, kv)
    den = (phi_q * k_sum).sum(axis=-1, keepdims=True) + 1e-6
    return (num / den).astype(np.float32)


def merge_heads(x: NDArray[np.float32, Head, Seq, Dv]) -> np.ndarray:
    h, s, d = x.shape
    return x.transpose(1, 0, 2).reshape(s, h * d)


def main() -> None:
    rng = np.random.default_rng(1)
    heads, seq, dk, dv = 2, 5, 3, 4
    q = rng.normal(size=(heads, seq, dk)).astype(np.float32)
    k = rng.normal(size=(heads, seq, dk)).astype(np.float32)
    v = rng.normal(size=(heads, seq, dv)).astype(np.float32)
    full = linear_attention(q, k, v)
    causal = causal_linear_attention(q, k, v)
    assert np.allclose(full[:, -1], causal[:, -1], atol=1e-4)
    assert merge_heads(causal).shape == (seq, heads * dv)
