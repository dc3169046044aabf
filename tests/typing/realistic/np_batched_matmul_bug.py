"""Batched linear algebra with @ over leading axes: bmm, batched quadratic forms (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
K = DimensionVar("K")
M = DimensionVar("M")


def bmm(a: NDArray[float32, B, N, K], b: NDArray[float32, B, K, M]) -> NDArray[float32, B, N, M]:
    return a @ b


def gram(a: NDArray[float32, B, N, K]) -> NDArray[float32, B, N, N]:
    return a.transpose(0, 2, 1) @ a  # BUG: (B, K, K) Gram matrices instead of (B, N, N)


def apply_shared(a: NDArray[float32, B, N, K], w: NDArray[float32, K, M]) -> NDArray[float32, B, N, M]:
    return a @ w


def main() -> None:
    rng = np.random.default_rng(45)
    a = rng.standard_normal((2, 3, 4), dtype=np.float32)
    b = rng.standard_normal((2, 4, 5), dtype=np.float32)
    print("bmm", bmm(a, b).shape, gram(a).shape, apply_shared(a, b[0]).shape)


if __name__ == "__main__":
    main()
