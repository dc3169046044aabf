"""Gradient clipping by global norm and unit-normalising embeddings (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
In = DimensionVar("In")
Out = DimensionVar("Out")


def unit_rows(x: NDArray[float32, N, D], eps: float = 1e-8) -> NDArray[float32, N, D]:
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.maximum(norms, eps)


def clip_by_global_norm(
    gw: NDArray[float32, In, Out], gb: NDArray[float32, Out], max_norm: float
) -> tuple[NDArray[float32, In, Out], NDArray[float32, Out]]:
    total = float(np.sqrt(np.linalg.norm(gw) ** 2 + np.linalg.norm(gb) ** 2))
    scale = min(1.0, max_norm / (total + 1e-6))
    return gw * scale, gw * scale  # BUG: copy-paste: the weight gradient returned twice


def main() -> None:
    rng = np.random.default_rng(25)
    x = rng.standard_normal((5, 3), dtype=np.float32)
    gw, gb = clip_by_global_norm(rng.standard_normal((4, 2), dtype=np.float32), np.ones(2, dtype=np.float32), 1.0)
    print("norm", unit_rows(x).shape, gw.shape, gb.shape)


if __name__ == "__main__":
    main()
