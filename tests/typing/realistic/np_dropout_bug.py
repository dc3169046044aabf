"""Inverted dropout and DropConnect masks drawn with a Generator (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Feat = DimensionVar("Feat")
Out = DimensionVar("Out")


def dropout(x: NDArray[float32, Batch, Feat], p: float, rng: np.random.Generator) -> NDArray[float32, Batch, Feat]:
    keep = rng.random(x.shape) >= p
    return np.where(keep, x / (1.0 - p), 0.0).astype(np.float32)


def drop_connect(w: NDArray[float32, Feat, Out], p: float, rng: np.random.Generator) -> NDArray[float32, Feat, Out]:
    mask = (rng.random(w.shape) >= p).astype(np.float32)
    return w @ mask  # BUG: matmul typed instead of an elementwise product


def main() -> None:
    rng = np.random.default_rng(47)
    x = rng.standard_normal((4, 6), dtype=np.float32)
    w = rng.standard_normal((6, 3), dtype=np.float32)
    print("dropout", dropout(x, 0.5, rng).shape, drop_connect(w, 0.2, rng).shape)


if __name__ == "__main__":
    main()
