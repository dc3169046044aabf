"""Single-token decoding with a key/value cache: write the new keys and values at a position with
.at[].set, attend over the filled part of the cache, project heads back."""

import math

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
MaxLen = DimensionVar("MaxLen")
Head = DimensionVar("Head")
Dh = DimensionVar("Dh")
Model = DimensionVar("Model")


def write_cache(
    cache: NDArray[np.float32, Batch, MaxLen, Head, Dh], new: NDArray[np.float32, Batch, Head, Dh], pos: int
) -> NDArray[np.float32, Batch, MaxLen, Head, Dh]:
    return cache.at[:, pos].set(new)


def decode_attention(
    q: NDArray[np.float32, Batch, Head, Dh],
    cache_k: NDArray[np.float32, Batch, MaxLen, Head, Dh],
    cache_v: NDArray[np.float32, Batch, MaxLen, Head, Dh],
    length: int,
) -> NDArray[np.float32, Batch, Head, Dh]:
    scores = jnp.einsum("bhd,blhd->blh", q, cache_k) / math.sqrt(q.shape[-1])  # BUG: scores (Batch, MaxLen, Head); the mask and the value einsum expect (Batch, Head, MaxLen)
    valid = jnp.arange(cache_k.shape[1]) < length
    scores = jnp.where(valid[None, None, :], scores, -1e30)
    w = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bhl,blhd->bhd", w, cache_v)


def split_heads(x: NDArray[np.float32, Batch, Model], n_heads: int) -> jax.Array:
    b, d = x.shape
    return x.reshape(b, n_heads, d // n_heads)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(4), 4)
    batch, max_len, heads, dh = 2, 8, 3, 4
    model = heads * dh
    w_qkv = jax.random.normal(keys[0], (model, 3 * model)) / math.sqrt(model)
    cache_k = jnp.zeros((batch, max_len, heads, dh))
    cache_v = jnp.zeros((batch, max_len, heads, dh))
    x = jax.random.normal(keys[1], (batch, model))
    out = None
    for pos in range(5):
        q, k, v = jnp.split(x @ w_qkv, 3, axis=-1)
        cache_k = write_cache(cache_k, split_heads(k, heads), pos)
        cache_v = write_cache(cache_v, split_heads(v, heads), pos)
        out = decode_attention(split_heads(q, heads), cache_k, cache_v, pos + 1)
        x = out.reshape(batch, model)
    assert out is not None and out.shape == (batch, heads, dh)
