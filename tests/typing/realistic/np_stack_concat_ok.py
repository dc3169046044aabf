"""Assembling batches: stacking examples, concatenating feature blocks, splitting back (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
D1 = DimensionVar("D1")
D2 = DimensionVar("D2")
Feat = DimensionVar("Feat")


def collate(examples: list[NDArray[float32, Feat]]) -> NDArray[float32, Any, Feat]:
    return np.stack(examples, axis=0)


def join_features(a: NDArray[float32, Batch, D1], b: NDArray[float32, Batch, D2]) -> NDArray[float32, Batch, Any]:
    return np.concatenate([a, b], axis=1)


def add_bias_column(x: NDArray[float32, Batch, Feat]) -> NDArray[float32, Batch, Any]:
    ones = np.ones((x.shape[0], 1), dtype=np.float32)
    return np.hstack([x, ones])


def halves(x: NDArray[float32, Batch, Feat]) -> tuple[NDArray[float32, Batch, Any], NDArray[float32, Batch, Any]]:
    left, right = np.split(x, 2, axis=1)
    return left, right


def main() -> None:
    rng = np.random.default_rng(26)
    batch = collate([rng.standard_normal(4, dtype=np.float32) for _ in range(3)])
    joined = join_features(batch, rng.standard_normal((3, 2), dtype=np.float32))
    left, right = halves(batch)
    print("batching", batch.shape, joined.shape, add_bias_column(batch).shape, left.shape, right.shape)


if __name__ == "__main__":
    main()
