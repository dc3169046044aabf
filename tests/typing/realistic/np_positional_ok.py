"""Sinusoidal positional encodings and adding them to token embeddings (numpy)."""

from typing import Any, Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq")
Half = DimensionVar("Half")
Model = DimensionVar("Model")
Batch = DimensionVar("Batch")


def angles(positions: NDArray[float32, Seq], freqs: NDArray[float32, Half]) -> NDArray[float32, Seq, Half]:
    return positions[:, None] * freqs[None, :]


def sin_cos(a: NDArray[float32, Seq, Half]) -> NDArray[float32, Seq, Half, Literal[2]]:
    return np.stack([np.sin(a), np.cos(a)], axis=-1)


def encoding(n_pos: int, d_model: int) -> NDArray[float32, Any, Any]:
    pos = np.arange(n_pos, dtype=np.float32)
    freqs = (1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model)).astype(np.float32)
    pairs = sin_cos(angles(pos, freqs))
    return pairs.reshape(n_pos, -1)


def add_positions(x: NDArray[float32, Batch, Seq, Model], pe: NDArray[float32, Seq, Model]) -> NDArray[float32, Batch, Seq, Model]:
    return x + pe


def main() -> None:
    pe = encoding(6, 8)
    x = np.zeros((2, 6, 8), dtype=np.float32)
    print("positions", pe.shape, add_positions(x, pe).shape)


if __name__ == "__main__":
    main()
