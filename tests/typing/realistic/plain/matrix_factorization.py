"""Matrix factorisation for a ratings matrix with alternating least squares (numpy, npt annotations)."""

import numpy as np
import numpy.typing as npt


def als(ratings: npt.NDArray[np.float64], mask: npt.NDArray[np.bool_], rank: int, reg: float = 0.1, iters: int = 10):
    n_users, n_items = ratings.shape
    rng = np.random.default_rng(0)
    users = rng.standard_normal((n_users, rank))
    items = rng.standard_normal((n_items, rank))
    eye = np.eye(rank)
    for _ in range(iters):
        for u in range(n_users):
            observed = items[mask[u]]
            users[u] = np.linalg.solve(observed.T @ observed + reg * eye, observed.T @ ratings[u, mask[u]])
        for i in range(n_items):
            observed = users[mask[:, i]]
            items[i] = np.linalg.solve(observed.T @ observed + reg * eye, observed.T @ ratings[mask[:, i], i])
    return users, items


def rmse(ratings, mask, users, items) -> float:
    pred = users @ items.T
    return float(np.sqrt(np.mean((pred[mask] - ratings[mask]) ** 2)))


def main() -> None:
    rng = np.random.default_rng(1)
    true = rng.standard_normal((8, 2)) @ rng.standard_normal((2, 6))
    mask = rng.random(true.shape) < 0.7
    users, items = als(true, mask, rank=2)
    print(round(rmse(true, mask, users, items), 3), users.shape, items.shape)


if __name__ == "__main__":
    main()
