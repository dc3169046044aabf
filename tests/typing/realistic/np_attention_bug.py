"""Scaled dot-product attention for one sequence (numpy)."""

import math

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Query = DimensionVar("Query", bound=int)
Key = DimensionVar("Key", bound=int)
Dk = DimensionVar("Dk", bound=int)
Dv = DimensionVar("Dv", bound=int)


def softmax(scores: NDArray[float32, Query, Key]) -> NDArray[float32, Query, Key]:
    shifted = scores - scores.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def attention(
    q: NDArray[float32, Query, Dk], k: NDArray[float32, Key, Dk], v: NDArray[float32, Key, Dv]
) -> NDArray[float32, Query, Dv]:
    scale = 1.0 / math.sqrt(q.shape[-1])
    scores = q @ k * scale  # BUG: forgot to transpose k
    weights = softmax(scores)
    return weights @ v


def main() -> None:
    rng = np.random.default_rng(1)
    q = rng.standard_normal((4, 8), dtype=np.float32)
    k = rng.standard_normal((6, 8), dtype=np.float32)
    v = rng.standard_normal((6, 3), dtype=np.float32)
    out = attention(q, k, v)
    print("attention", out.shape)


if __name__ == "__main__":
    main()
