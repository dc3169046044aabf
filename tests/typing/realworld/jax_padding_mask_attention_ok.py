"""Self-attention over a padded batch of variable-length sequences in JAX: a padding mask from the
lengths by comparing positions with lengths (a comparison used as a mask), the masked softmax,
zeroed outputs at padded positions, and a check that padding never leaks into real tokens."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
T = DimensionVar("T")
D = DimensionVar("D")


def padding_mask(lengths: NDArray[np.int32, B], max_len: int) -> NDArray[np.bool_, B, Any]:
    return jnp.arange(max_len)[None, :] < lengths[:, None]


def masked_self_attention(
    x: NDArray[np.float32, B, T, D], lengths: NDArray[np.int32, B], w_q: NDArray[np.float32, D, D], w_k: NDArray[np.float32, D, D], w_v: NDArray[np.float32, D, D]
) -> NDArray[np.float32, B, T, D]:
    mask = padding_mask(lengths, x.shape[1])
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = jnp.einsum("btd,bsd->bts", q, k) / jnp.sqrt(x.shape[-1]).astype(x.dtype)
    scores = jnp.where(mask[:, None, :], scores, -1e9)
    out = jax.nn.softmax(scores, axis=-1) @ v
    return out * mask[..., None].astype(out.dtype)


def masked_mean(x: NDArray[np.float32, B, T, D], lengths: NDArray[np.int32, B]) -> NDArray[np.float32, B, D]:
    mask = padding_mask(lengths, x.shape[1]).astype(x.dtype)
    return jnp.sum(x * mask[..., None], axis=1) / lengths[:, None].astype(x.dtype)


def main() -> None:
    k1, k2, k3, k4 = jax.random.split(jax.random.PRNGKey(25), 4)
    x = jax.random.normal(k1, (3, 9, 4))
    lengths = jnp.array([9, 5, 2], dtype=jnp.int32)
    w_q, w_k, w_v = (jax.random.normal(k, (4, 4)) * 0.5 for k in (k2, k3, k4))
    out = masked_self_attention(x, lengths, w_q, w_k, w_v)
    assert out.shape == (3, 9, 4)
    assert jnp.all(out[1, 5:] == 0) and jnp.all(out[2, 2:] == 0)
    # garbage in the padding changes nothing
    x_noisy = x.at[1, 5:].set(100.0).at[2, 2:].set(-50.0)
    assert jnp.allclose(masked_self_attention(x_noisy, lengths, w_q, w_k, w_v), out, atol=1e-5)
    pooled = masked_mean(x, lengths)
    assert pooled.shape == (3, 4) and jnp.allclose(pooled[2], x[2, :2].mean(axis=0), atol=1e-6)


if __name__ == "__main__":
    main()
