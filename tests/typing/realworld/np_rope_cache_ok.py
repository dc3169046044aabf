"""Rotary position embeddings in numpy, as Llama-style inference code applies them: a cos/sin
cache over positions, rotate_half, queries and keys laid out (seq, heads, head_dim), and the
check that attention scores then depend on relative positions only."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
H = DimensionVar("H")
Dh = DimensionVar("Dh")


def rope_cache(positions: NDArray[np.float32, T], head_dim: int, base: float = 10000.0) -> tuple[NDArray[np.float32, T, Any], NDArray[np.float32, T, Any]]:
    inv_freq = 1.0 / base ** (np.arange(0, head_dim, 2, dtype=np.float32) / head_dim)
    freqs = np.outer(positions, inv_freq).astype(np.float32)
    emb = np.concatenate([freqs, freqs], axis=-1)
    return np.cos(emb), np.sin(emb)


def rotate_half(x: NDArray[np.float32, T, H, Dh]) -> NDArray[np.float32, T, H, Dh]:
    half = x.shape[-1] // 2
    return np.concatenate([-x[..., half:], x[..., :half]], axis=-1)


def apply_rope(x: NDArray[np.float32, T, H, Dh], cos: NDArray[np.float32, T, Dh], sin: NDArray[np.float32, T, Dh]) -> NDArray[np.float32, T, H, Dh]:
    return x * cos[:, None, :] + rotate_half(x) * sin[:, None, :]


def scores(q: NDArray[np.float32, T, H, Dh], k: NDArray[np.float32, T, H, Dh]) -> NDArray[np.float32, H, T, T]:
    return np.einsum("qhd,khd->hqk", q, k) / np.float32(np.sqrt(q.shape[-1]))


def main() -> None:
    rng = np.random.default_rng(27)
    n_seq, n_heads, head_dim = 9, 3, 8
    q = rng.normal(size=(n_seq, n_heads, head_dim)).astype(np.float32)
    k = rng.normal(size=(n_seq, n_heads, head_dim)).astype(np.float32)
    cos, sin = rope_cache(np.arange(n_seq, dtype=np.float32), head_dim)
    assert cos.shape == (9, 8)
    s0 = scores(apply_rope(q, cos, sin), apply_rope(k, cos, sin))
    assert s0.shape == (3, 9, 9) and s0.dtype == np.float32
    # shifting every position by 5 leaves the scores unchanged
    cos5, sin5 = rope_cache(np.arange(n_seq, dtype=np.float32) + 5, head_dim)
    s5 = scores(apply_rope(q, cos5, sin5), apply_rope(k, cos5, sin5))
    assert np.allclose(s0, s5, atol=1e-4)
    assert np.allclose(np.linalg.norm(apply_rope(q, cos, sin), axis=-1), np.linalg.norm(q, axis=-1), atol=1e-5)


if __name__ == "__main__":
    main()
