"""Entropic optimal transport between two point clouds by the Sinkhorn-Knopp iterations, written
as POT's ot.sinkhorn (sinkhorn_knopp) writes them, with the marginal error checked every ten
iterations, and the transport cost of the plan."""

import numpy as np

from ndtyping import DimensionVar, NDArray

Ns = DimensionVar("Ns")
Nt = DimensionVar("Nt")
D = DimensionVar("D")


def squared_distances(xs: NDArray[np.float64, Ns, D], xt: NDArray[np.float64, Nt, D]) -> NDArray[np.float64, Ns, Nt]:
    return np.sum(xs**2, axis=1)[:, None] + np.sum(xt**2, axis=1)[None, :] - 2 * xs @ xt.T


def sinkhorn_knopp(
    a: NDArray[np.float64, Ns], b: NDArray[np.float64, Nt], M: NDArray[np.float64, Ns, Nt], reg: float, num_iter_max: int = 1000, stop_thr: float = 1e-9
) -> tuple[NDArray[np.float64, Ns, Nt], int]:
    dim_a, dim_b = a.shape[0], b.shape[0]
    u = np.ones(dim_a) / dim_a
    v = np.ones(dim_b) / dim_b
    K = np.exp(M / (-reg))
    Kp = (1 / a).reshape(-1, 1) * K
    ii = 0
    for ii in range(num_iter_max):
        uprev, vprev = u, v
        KtransposeU = K @ u  # BUG: K (Ns, Nt) not transposed before meeting u (Ns,)
        v = b / KtransposeU
        u = 1.0 / (Kp @ v)
        if np.any(KtransposeU == 0) or np.any(np.isnan(u)) or np.any(np.isinf(v)):
            u, v = uprev, vprev  # numerical trouble: keep the last good iterate
            break
        if ii % 10 == 0:
            marginal = np.einsum("i,ij,j->j", u, K, v)
            if np.linalg.norm(marginal - b) < stop_thr:
                break
    return u[:, None] * K * v[None, :], ii


def transport_cost(plan: NDArray[np.float64, Ns, Nt], M: NDArray[np.float64, Ns, Nt]) -> float:
    return float(np.sum(plan * M))


def main() -> None:
    rng = np.random.default_rng(13)
    xs = rng.normal(size=(7, 2))
    xt = rng.normal(size=(5, 2)) + np.array([4.0, 0.0])
    a, b = np.full(7, 1 / 7), np.full(5, 1 / 5)
    M = squared_distances(xs, xt)
    M = M / M.max()
    plan, n_iter = sinkhorn_knopp(a, b, M, reg=0.05)
    assert plan.shape == (7, 5) and n_iter < 999
    assert np.allclose(plan.sum(axis=1), a, atol=1e-6) and np.allclose(plan.sum(axis=0), b, atol=1e-6)
    assert 0.0 < transport_cost(plan, M) <= 1.0


if __name__ == "__main__":
    main()
