"""Rotary position embeddings (rotate-half form) applied to per-head queries (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq")
Heads = DimensionVar("Heads")
HeadDim = DimensionVar("HeadDim")


def rope_tables(seq_len: int, head_dim: int, base: float = 10000.0) -> tuple[NDArray[float32, Seq, HeadDim], NDArray[float32, Seq, HeadDim]]:
    inv_freq = 1.0 / base ** (np.arange(0, head_dim, 2, dtype=np.float32) / head_dim)
    angles = np.outer(np.arange(seq_len, dtype=np.float32), inv_freq)
    angles = np.concatenate([angles, angles], axis=-1)
    return np.cos(angles), np.sin(angles)


def rotate_half(x: NDArray[float32, Seq, Heads, HeadDim]) -> NDArray[float32, Seq, Heads, HeadDim]:
    half = x.shape[-1] // 2
    return np.concatenate([-x[..., half:], x[..., :half]], axis=-1)


def apply_rope(
    x: NDArray[float32, Seq, Heads, HeadDim], cos: NDArray[float32, Seq, HeadDim], sin: NDArray[float32, Seq, HeadDim]
) -> NDArray[float32, Seq, Heads, HeadDim]:
    return x * cos[:, None, :] + rotate_half(x) * sin[:, None, :]


def main() -> None:
    rng = np.random.default_rng(8)
    q = rng.standard_normal((7, 3, 8), dtype=np.float32)
    cos, sin = rope_tables(7, 8)
    out = apply_rope(q, cos, sin)
    print("rope", out.shape, float(np.abs(np.linalg.norm(out, axis=-1) - np.linalg.norm(q, axis=-1)).max()))


if __name__ == "__main__":
    main()
