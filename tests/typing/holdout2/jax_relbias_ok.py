"""Self-attention with a T5-style learned relative position bias (log-spaced distance buckets)."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Head = DimensionVar("Head")
Seq = DimensionVar("Seq")
Bucket = DimensionVar("Bucket")
Dk = DimensionVar("Dk")


def relative_buckets(seq_len: int, n_buckets: int, max_distance: int = 64) -> NDArray[int32, Seq, Seq]:
    pos = jnp.arange(seq_len)
    rel = pos[None, :] - pos[:, None]
    half = n_buckets // 2
    sign = (rel > 0).astype(jnp.int32) * half
    dist = jnp.abs(rel)
    exact = half // 2
    log_bucket = exact + (jnp.log(jnp.maximum(dist, 1) / exact) / math.log(max_distance / exact) * (half - exact)).astype(jnp.int32)
    return sign + jnp.where(dist < exact, dist, jnp.minimum(log_bucket, half - 1))


def position_bias(table: NDArray[float32, Bucket, Head], buckets: NDArray[int32, Seq, Seq]) -> NDArray[float32, Head, Seq, Seq]:
    return jnp.transpose(table[buckets], (2, 0, 1))


def attend(q: NDArray[float32, Head, Seq, Dk], k: NDArray[float32, Head, Seq, Dk], v: NDArray[float32, Head, Seq, Dk], bias: NDArray[float32, Head, Seq, Seq]) -> NDArray[float32, Head, Seq, Dk]:
    # T5 does not scale the logits by sqrt(d_k); the bias carries the position information
    logits = q @ jnp.swapaxes(k, -1, -2) + bias
    return jax.nn.softmax(logits, axis=-1) @ v


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(5), 3)
    heads, seq, dk, buckets = 4, 10, 8, 32
    table = 0.1 * jax.random.normal(k1, (buckets, heads))
    bias = position_bias(table, relative_buckets(seq, buckets))
    q = jax.random.normal(k2, (heads, seq, dk))
    kv = jax.random.normal(k3, (heads, seq, dk))
    out = attend(q, kv, kv, bias)
    assert out.shape == (heads, seq, dk)
    print("out", float(jnp.abs(out).mean()))


if __name__ == "__main__":
    main()
