"""Causal attention scores with a boolean mask applied through np.where (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, bool_, float32

Query = DimensionVar("Query")
Key = DimensionVar("Key")
Dim = DimensionVar("Dim")


def causal_mask(n_query: int, n_key: int) -> NDArray[bool_, Any, Any]:
    return np.tril(np.ones((n_query, n_key), dtype=bool), k=n_key - n_query)


def masked_softmax(
    scores: NDArray[float32, Query, Key], mask: NDArray[bool_, Query, Key]
) -> NDArray[float32, Query, Key]:
    masked = np.where(mask, scores, np.float32(-1e9))
    e = np.exp(masked - masked.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attend(
    q: NDArray[float32, Query, Dim],
    k: NDArray[float32, Key, Dim],
    v: NDArray[float32, Key, Dim],
    mask: NDArray[bool_, Query, Key],
) -> NDArray[float32, Query, Dim]:
    weights = masked_softmax(q @ k.T, mask.T)  # BUG: mask transposed: (Key, Query) against (Query, Key) scores
    return weights @ v


def main() -> None:
    rng = np.random.default_rng(3)
    q = rng.standard_normal((3, 4), dtype=np.float32)
    kv = rng.standard_normal((6, 4), dtype=np.float32)
    out = attend(q, kv, kv, causal_mask(3, 6))
    print("causal attention", out.shape)


if __name__ == "__main__":
    main()
