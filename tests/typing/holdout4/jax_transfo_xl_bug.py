"""Transformer-XL attention scores: content and position terms with the relative shift, over a
memory of previous segments."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Q = DimensionVar("Q")
K = DimensionVar("K")
H = DimensionVar("H")
Dh = DimensionVar("Dh")


def sinusoid(positions: NDArray[float32, K], dim: int) -> NDArray[float32, K, Dh]:
    inv_freq = 1.0 / (10000 ** (jnp.arange(0, dim, 2, dtype=jnp.float32) / dim))
    angles = positions[:, None] * inv_freq[None, :]
    return jnp.concatenate([jnp.sin(angles), jnp.cos(angles)], axis=-1)


def rel_shift(x: NDArray[float32, H, Q, K]) -> NDArray[float32, H, Q, K]:
    h, q, k = x.shape
    padded = jnp.pad(x, ((0, 0), (0, 0), (1, 0)))
    return padded.reshape(h, k + 1, q)[:, 1:].reshape(h, q, k)


def xl_scores(
    q: NDArray[float32, Q, H, Dh],
    k: NDArray[float32, K, H, Dh],
    r: NDArray[float32, K, H, Dh],
    u: NDArray[float32, H, Dh],
    v: NDArray[float32, H, Dh],
) -> NDArray[float32, H, Q, K]:
    content = jnp.einsum("qhd,khd->hqk", q + u[None], k)
    scale = jnp.sqrt(q.shape[-1])
    return (content + rel_shift(jnp.einsum("qhd,khd->hkq", q + v[None], r))) / scale  # BUG: einsum output transposed: (H, K, Q) position scores


def main() -> None:
    key = jax.random.PRNGKey(1)
    kq, kk, kr, ku, kv = jax.random.split(key, 5)
    q_len, mem, heads, dh = 4, 6, 2, 8
    k_len = q_len + mem
    pos = jnp.arange(k_len - 1, -1, -1, dtype=jnp.float32)
    r_emb = sinusoid(pos, heads * dh).reshape(k_len, heads, dh)
    scores = xl_scores(
        jax.random.normal(kq, (q_len, heads, dh)),
        jax.random.normal(kk, (k_len, heads, dh)),
        r_emb + 0.01 * jax.random.normal(kr, r_emb.shape),
        jax.random.normal(ku, (heads, dh)),
        jax.random.normal(kv, (heads, dh)),
    )
    probs = jax.nn.softmax(scores, axis=-1)
    assert probs.shape == (heads, q_len, k_len)
    assert jnp.allclose(probs.sum(axis=-1), 1.0, atol=1e-5)


if __name__ == "__main__":
    main()
