"""Masked mean pooling of padded token embeddings and masked fill (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, bool_, float32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
Dim = DimensionVar("Dim")


def lengths_to_mask(lengths: NDArray[np.int64, Batch], max_len: int) -> NDArray[bool_, Batch, Any]:
    return np.arange(max_len)[None, :] < lengths[:, None]


def masked_mean(x: NDArray[float32, Batch, Seq, Dim], mask: NDArray[bool_, Batch, Seq]) -> NDArray[float32, Batch, Dim]:
    weights = mask.astype(np.float32)
    total = (x * weights[:, None, :]).sum(axis=1)  # BUG: mask expanded on the wrong axis
    count = np.maximum(weights.sum(axis=1, keepdims=True), 1.0)
    return total / count


def fill_padding(x: NDArray[float32, Batch, Seq, Dim], mask: NDArray[bool_, Batch, Seq], value: float = 0.0) -> NDArray[float32, Batch, Seq, Dim]:
    return np.where(mask[:, :, None], x, np.float32(value))


def main() -> None:
    rng = np.random.default_rng(28)
    x = rng.standard_normal((3, 6, 4), dtype=np.float32)
    mask = lengths_to_mask(np.array([6, 2, 4]), 6)
    print("masked", masked_mean(x, mask).shape, fill_padding(x, mask).shape)


if __name__ == "__main__":
    main()
