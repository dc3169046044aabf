"""Bag-of-embeddings text encoder: table lookup, mean pooling, linear head (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Vocab = DimensionVar("Vocab")
Dim = DimensionVar("Dim")
Classes = DimensionVar("Classes")


def embed(table: NDArray[float32, Vocab, Dim], tokens: NDArray[int64, Batch, Seq]) -> NDArray[float32, Batch, Seq, Dim]:
    return table[tokens]


def encode(table: NDArray[float32, Vocab, Dim], tokens: NDArray[int64, Batch, Seq]) -> NDArray[float32, Batch, Dim]:
    return embed(table, tokens).mean(axis=1)


def classify(
    table: NDArray[float32, Vocab, Dim], tokens: NDArray[int64, Batch, Seq], w: NDArray[float32, Dim, Classes]
) -> NDArray[float32, Batch, Classes]:
    return encode(table, tokens) @ w


def main() -> None:
    rng = np.random.default_rng(32)
    table = rng.standard_normal((50, 8), dtype=np.float32)
    tokens = rng.integers(0, 50, size=(3, 6))
    w = rng.standard_normal((8, 4), dtype=np.float32)
    print("bag of embeddings", classify(table, tokens, w).shape)


if __name__ == "__main__":
    main()
