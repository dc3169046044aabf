"""Symmetric int8 weight quantisation with per-row scales: clip, round, astype (numpy)."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int8

Rows = DimensionVar("Rows")
Cols = DimensionVar("Cols")


def row_scales(w: NDArray[float32, Rows, Cols]) -> NDArray[float32, Rows, Literal[1]]:
    return np.abs(w).max(axis=1, keepdims=True) / 127.0


def quantize(w: NDArray[float32, Rows, Cols], scales: NDArray[float32, Rows, Literal[1]]) -> NDArray[int8, Rows, Cols]:
    q = np.round(w / scales)
    return np.clip(q, -127, 127)  # BUG: forgot the cast: float32 returned where int8 is declared


def dequantize(q: NDArray[int8, Rows, Cols], scales: NDArray[float32, Rows, Literal[1]]) -> NDArray[float32, Rows, Cols]:
    return q.astype(np.float32) * scales


def main() -> None:
    rng = np.random.default_rng(34)
    w = rng.standard_normal((4, 6), dtype=np.float32)
    s = row_scales(w)
    w2 = dequantize(quantize(w, s), s)
    print("int8", w2.shape, float(np.abs(w - w2).max()) < 0.05)


if __name__ == "__main__":
    main()
