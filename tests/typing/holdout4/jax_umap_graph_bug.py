"""UMAP-style fuzzy simplicial graph: k nearest neighbours, per-point sigma by bisection, symmetrised."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

N = DimensionVar("N")
D = DimensionVar("D")
K = DimensionVar("K")


def pairwise_sq_dists(x: NDArray[float32, N, D]) -> NDArray[float32, N, N]:
    sq = jnp.sum(x**2, axis=-1)
    return jnp.maximum(sq[:, None] + sq[None, :] - 2.0 * x @ x.T, 0.0)


def knn(x: NDArray[float32, N, D], k: int) -> tuple[NDArray[float32, N, K], NDArray[int32, N, K]]:
    d2 = pairwise_sq_dists(x) + jnp.diag(jnp.full(x.shape[0], jnp.inf))
    neg, idx = jax.lax.top_k(-d2, k)
    return jnp.sqrt(-neg), idx


def find_sigma(dists: NDArray[float32, N, K], rho: NDArray[float32, N], n_iter: int = 40) -> NDArray[float32, N]:
    target = jnp.log2(dists.shape[1])
    lo, hi = jnp.zeros_like(rho), jnp.full_like(rho, 10.0)

    def body(_, bounds):
        lo, hi = bounds
        mid = 0.5 * (lo + hi)
        total = jnp.exp(-jnp.maximum(dists - rho[None, :], 0.0) / mid[:, None]).sum(axis=1)  # BUG: rho's new axis misplaced: (1, N) against the (N, K) distances
        too_big = total > target
        return jnp.where(too_big, lo, mid), jnp.where(too_big, mid, hi)

    lo, hi = jax.lax.fori_loop(0, n_iter, body, (lo, hi))
    return 0.5 * (lo + hi)


def fuzzy_graph(x: NDArray[float32, N, D], k: int) -> NDArray[float32, N, N]:
    dists, idx = knn(x, k)
    rho = dists[:, 0]
    sigma = find_sigma(dists, rho)
    weights = jnp.exp(-jnp.maximum(dists - rho[:, None], 0.0) / sigma[:, None])
    n = x.shape[0]
    graph = jnp.zeros((n, n)).at[jnp.arange(n)[:, None], idx].set(weights)
    return graph + graph.T - graph * graph.T


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(4), (15, 3))
    g = fuzzy_graph(x, k=4)
    assert g.shape == (15, 15)
    assert jnp.allclose(g, g.T)
    assert float(g.max()) <= 1.0 + 1e-6 and int((g > 0).sum(axis=1).min()) >= 4


if __name__ == "__main__":
    main()
