"""Entropic optimal transport between two point clouds (Sinkhorn-Knopp scaling iterations)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Src = DimensionVar("Src")
Dst = DimensionVar("Dst")
Dim = DimensionVar("Dim")


def squared_cost(x: NDArray[float64, Src, Dim], y: NDArray[float64, Dst, Dim]) -> NDArray[float64, Src, Dst]:
    xx = (x**2).sum(axis=1)[:, None]
    yy = (y**2).sum(axis=1)[None, :]
    return xx + yy - 2.0 * x @ y.T


def sinkhorn(
    a: NDArray[float64, Src],
    b: NDArray[float64, Dst],
    cost: NDArray[float64, Src, Dst],
    eps: float = 0.1,
    iters: int = 200,
) -> NDArray[float64, Src, Dst]:
    kernel = np.exp(-cost / eps)
    u = np.ones_like(a)
    v = np.ones_like(b)
    for _ in range(iters):
        u = a / (kernel @ v)
        v = b / (kernel @ u)  # BUG: the column update needs kernel.T: (Src, Dst) @ (Src,) does not match
    return u[:, None] * kernel * v[None, :]


def transport_cost(plan: NDArray[float64, Src, Dst], cost: NDArray[float64, Src, Dst]) -> float:
    return float((plan * cost).sum())


def barycentric_map(plan: NDArray[float64, Src, Dst], y: NDArray[float64, Dst, Dim]) -> NDArray[float64, Src, Dim]:
    return (plan @ y) / plan.sum(axis=1, keepdims=True)


def main() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(7, 3))
    y = rng.normal(size=(5, 3)) + 1.0
    a = np.full(7, 1.0 / 7)
    b = np.full(5, 1.0 / 5)
    cost = squared_cost(x, y)
    plan = sinkhorn(a, b, cost / cost.max())
    assert np.allclose(plan.sum(axis=1), a, atol=1e-4)
    mapped = barycentric_map(plan, y)
    assert mapped.shape == (7, 3)
    print("transport cost", transport_cost(plan, cost))


if __name__ == "__main__":
    main()
