"""A small two-layer MLP in numpy, fully shape-annotated (checked by pyright and at runtime)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, check, float32

Batch = DimensionVar("Batch", bound=int)
In = DimensionVar("In", bound=int)
Hidden = DimensionVar("Hidden", bound=int)
Out = DimensionVar("Out", bound=int)


@check
def dense(
    x: NDArray[float32, Batch, In], w: NDArray[float32, In, Out], b: NDArray[float32, Out]
) -> NDArray[float32, Batch, Out]:
    return x @ w + b


@check
def relu(x: NDArray[float32, Batch, Hidden]) -> NDArray[float32, Batch, Hidden]:
    return np.maximum(x, np.float32(0.0))


@check
def mlp(
    x: NDArray[float32, Batch, In],
    w1: NDArray[float32, In, Hidden],
    b1: NDArray[float32, Hidden],
    w2: NDArray[float32, Hidden, Out],
    b2: NDArray[float32, Out],
) -> NDArray[float32, Batch, Out]:
    h = relu(dense(x, w1, b1))
    return dense(h, w2, b2)


# Sizes chosen at runtime have no static name: Any axes (checked by @check where they are used).
def init(n_in: int, n_hidden: int, n_out: int, seed: int = 0) -> tuple[
    NDArray[float32, Any, Any], NDArray[float32, Any], NDArray[float32, Any, Any], NDArray[float32, Any]
]:
    rng = np.random.default_rng(seed)
    w1 = rng.standard_normal((n_in, n_hidden), dtype=np.float32)
    w2 = rng.standard_normal((n_hidden, n_out), dtype=np.float32)
    return w1, np.zeros(n_hidden, np.float32), w2, np.zeros(n_out, np.float32)


if __name__ == "__main__":
    weights = init(n_in=4, n_hidden=8, n_out=2)
    batch = np.random.default_rng(1).standard_normal((5, 4), dtype=np.float32)
    print("mlp:", batch.shape, "->", mlp(batch, *weights).shape)
