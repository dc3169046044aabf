"""Matrix-factorisation recommendations: biased scores, top-n with seen items masked, BPR loss (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32, int64

User = DimensionVar("User")
Item = DimensionVar("Item")
Factor = DimensionVar("Factor")
Batch = DimensionVar("Batch")


def scores(
    users: NDArray[float32, User, Factor], items: NDArray[float32, Item, Factor], user_bias: NDArray[float32, User], item_bias: NDArray[float32, Item], global_bias: float
) -> NDArray[float32, User, Item]:
    return users @ items.T + user_bias[:, None] + item_bias[None, :] + global_bias


def top_n(s: NDArray[float32, User, Item], seen: NDArray[np.bool_, User, Item], n: int) -> NDArray[int64, User, Any]:
    masked = np.where(seen, -np.inf, s)
    return np.argsort(-masked, axis=1)[:, :n]


def bpr_loss(u: NDArray[float32, Batch, Factor], pos: NDArray[float32, Batch, Factor], neg: NDArray[float32, Batch, Factor]) -> float:
    margin = np.sum(u * (pos - neg), axis=1)
    return float(np.mean(np.logaddexp(0.0, -margin)))


def main() -> None:
    rng = np.random.default_rng(14)
    users = rng.standard_normal((5, 4), dtype=np.float32)
    items = rng.standard_normal((9, 4), dtype=np.float32)
    s = scores(users, items, rng.standard_normal(5, dtype=np.float32), rng.standard_normal(9, dtype=np.float32), 0.1)
    seen = rng.random((5, 9)) < 0.3
    idx = rng.integers(0, 9, size=(2, 6))
    print("recsys", top_n(s, seen, 3).shape, bpr_loss(users[[0, 1, 2, 3, 4, 0]], items[idx[0]], items[idx[1]]))


if __name__ == "__main__":
    main()
