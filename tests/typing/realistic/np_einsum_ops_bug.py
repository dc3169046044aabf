"""Everyday einsum: batched dot products, attention scores, weighted sums (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
S = DimensionVar("S")
T = DimensionVar("T")
D = DimensionVar("D")


def row_dots(a: NDArray[float32, B, D], b: NDArray[float32, B, D]) -> NDArray[float32, B]:
    return np.einsum("bd,bd->b", a, b)


def scores(q: NDArray[float32, B, S, D], k: NDArray[float32, B, T, D]) -> NDArray[float32, B, S, T]:
    return np.einsum("bsd,btd->bts", q, k)  # BUG: output subscripts give (B, T, S)


def weighted_sum(w: NDArray[float32, B, S, T], v: NDArray[float32, B, T, D]) -> NDArray[float32, B, S, D]:
    return np.einsum("bst,btd->bsd", w, v)


def main() -> None:
    rng = np.random.default_rng(46)
    q = rng.standard_normal((2, 3, 4), dtype=np.float32)
    k = rng.standard_normal((2, 5, 4), dtype=np.float32)
    s = scores(q, k)
    print("einsum", row_dots(q[:, 0], k[:, 0]).shape, s.shape, weighted_sum(s, k).shape)


if __name__ == "__main__":
    main()
