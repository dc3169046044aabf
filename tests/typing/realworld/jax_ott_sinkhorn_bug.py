"""Log-domain Sinkhorn between two weighted point clouds with lax.fori_loop, as OTT-JAX
iterates its dual potentials (soft-min by logsumexp along each axis), the transport plan they
define, and the debiased Sinkhorn divergence."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")


def cost_matrix(x: NDArray[float32, N, D], y: NDArray[float32, M, D]) -> NDArray[float32, N, M]:
    return jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)


def sinkhorn_potentials(
    a: NDArray[float32, N], b: NDArray[float32, M], cost: NDArray[float32, N, M], eps: float, n_iter: int = 300
) -> tuple[NDArray[float32, N], NDArray[float32, M]]:
    log_a, log_b = jnp.log(a), jnp.log(b)

    def body(_: int, fg: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        f, g = fg
        f = eps * log_a - eps * jax.nn.logsumexp((g[None, :] - cost) / eps, axis=1)
        g = eps * log_b - eps * jax.nn.logsumexp((f[None, :] - cost) / eps, axis=0)  # BUG: f (N,) as a row (1, N) against cost (N, M)
        return f, g

    return jax.lax.fori_loop(0, n_iter, body, (jnp.zeros_like(a), jnp.zeros_like(b)))


def transport_plan(f: NDArray[float32, N], g: NDArray[float32, M], cost: NDArray[float32, N, M], eps: float) -> NDArray[float32, N, M]:
    return jnp.exp((f[:, None] + g[None, :] - cost) / eps)


def reg_ot_cost(x: NDArray[float32, N, D], a: NDArray[float32, N], y: NDArray[float32, M, D], b: NDArray[float32, M], eps: float) -> jax.Array:
    f, g = sinkhorn_potentials(a, b, cost_matrix(x, y), eps)
    return jnp.sum(f * a) + jnp.sum(g * b)


def sinkhorn_divergence(x: NDArray[float32, N, D], a: NDArray[float32, N], y: NDArray[float32, M, D], b: NDArray[float32, M], eps: float) -> jax.Array:
    return reg_ot_cost(x, a, y, b, eps) - 0.5 * reg_ot_cost(x, a, x, a, eps) - 0.5 * reg_ot_cost(y, b, y, b, eps)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(7))
    x = jax.random.normal(k1, (9, 2))
    y = jax.random.normal(k2, (6, 2)) + jnp.array([3.0, 0.0])
    a, b = jnp.full(9, 1 / 9), jnp.full(6, 1 / 6)
    cost = cost_matrix(x, y)
    f, g = sinkhorn_potentials(a, b, cost, eps=0.5)
    plan = transport_plan(f, g, cost, eps=0.5)
    assert plan.shape == (9, 6)
    assert jnp.allclose(plan.sum(axis=1), a, atol=1e-4) and jnp.allclose(plan.sum(axis=0), b, atol=1e-4)
    far = sinkhorn_divergence(x, a, y, b, eps=0.5)
    near = sinkhorn_divergence(x, a, x + 0.01, a, eps=0.5)
    assert float(far) > 5.0 and abs(float(near)) < 0.05


if __name__ == "__main__":
    main()
