"""Rank-one updates and outer products: Hebbian learning, Sherman-Morrison (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
M = DimensionVar("M")


def hebbian_update(w: NDArray[float64, N, M], pre: NDArray[float64, M], post: NDArray[float64, N], lr: float) -> NDArray[float64, N, M]:
    return w + lr * np.outer(post, pre)


def sherman_morrison(a_inv: NDArray[float64, N, N], u: NDArray[float64, N], v: NDArray[float64, N]) -> NDArray[float64, N, N]:
    au = a_inv @ u
    va = v @ a_inv
    return a_inv - np.outer(au, va) / (1.0 + v @ au)


def main() -> None:
    rng = np.random.default_rng(48)
    w = hebbian_update(np.zeros((3, 4)), rng.standard_normal(4), rng.standard_normal(3), 0.1)
    a = np.eye(3) * 2.0
    u, v = rng.standard_normal(3), rng.standard_normal(3)
    updated = sherman_morrison(np.linalg.inv(a), u, v)
    print("rank one", w.shape, np.allclose(updated, np.linalg.inv(a + np.outer(u, v))))


if __name__ == "__main__":
    main()
