"""Alternating least squares for implicit-feedback collaborative filtering (weighted, regularised)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

U = DimensionVar("U")
I = DimensionVar("I")
F = DimensionVar("F")


def solve_side(
    fixed: NDArray[np.float64, I, F], prefs: NDArray[np.float64, U, I], conf: NDArray[np.float64, U, I], reg: float
) -> NDArray[np.float64, U, F]:
    f = fixed.shape[1]
    out = np.zeros((prefs.shape[0], f))
    for u in range(prefs.shape[0]):
        cu = conf[u]
        a = (fixed.T * cu) @ fixed + reg * np.eye(f)
        b = fixed.T @ (cu * prefs[u])
        out[u] = np.linalg.solve(a, b)
    return out


def als(ratings: NDArray[np.float64, U, I], factors: int, reg: float = 0.1, alpha: float = 10.0, sweeps: int = 5) -> tuple[NDArray[np.float64, U, F], NDArray[np.float64, I, F]]:
    rng = np.random.default_rng(0)
    prefs = (ratings > 0).astype(np.float64)
    conf = 1.0 + alpha * ratings
    items = 0.1 * rng.standard_normal((ratings.shape[1], factors))
    users = solve_side(items, prefs, conf, reg)
    for _ in range(sweeps):
        users = solve_side(items, prefs, conf, reg)
        items = solve_side(users, prefs.T, conf.T, reg)
    return users, items


def recommend(users: NDArray[np.float64, U, F], items: NDArray[np.float64, I, F], k: int) -> NDArray[np.int64, U, Any]:
    scores: NDArray[np.float64, U, I] = items @ users.T  # BUG: operands swapped: (I, U)
    return np.argsort(-scores, axis=1)[:, :k]


def main() -> None:
    rng = np.random.default_rng(9)
    ratings = (rng.random((12, 20)) < 0.3) * rng.integers(1, 5, size=(12, 20))
    users, items = als(ratings.astype(np.float64), factors=4)
    assert users.shape == (12, 4) and items.shape == (20, 4)
    top = recommend(users, items, 3)
    assert top.shape == (12, 3)


if __name__ == "__main__":
    main()
