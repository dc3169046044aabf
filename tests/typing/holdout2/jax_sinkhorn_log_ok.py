"""Log-domain Sinkhorn for entropic optimal transport, with the potentials updated in a lax.fori_loop."""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from ndtyping import DimensionVar, NDArray, float32

Src = DimensionVar("Src")
Dst = DimensionVar("Dst")
Dim = DimensionVar("Dim")


def cost_matrix(x: NDArray[float32, Src, Dim], y: NDArray[float32, Dst, Dim]) -> NDArray[float32, Src, Dst]:
    diff = x[:, None, :] - y[None, :, :]
    return jnp.sum(diff**2, axis=-1)


def update_f(g: NDArray[float32, Dst], log_a: NDArray[float32, Src], cost: NDArray[float32, Src, Dst], eps: float) -> NDArray[float32, Src]:
    return eps * log_a - eps * logsumexp((g[None, :] - cost) / eps, axis=1)


def update_g(f: NDArray[float32, Src], log_b: NDArray[float32, Dst], cost: NDArray[float32, Src, Dst], eps: float) -> NDArray[float32, Dst]:
    return eps * log_b - eps * logsumexp((f[:, None] - cost) / eps, axis=0)


def sinkhorn_potentials(
    a: NDArray[float32, Src], b: NDArray[float32, Dst], cost: NDArray[float32, Src, Dst], eps: float = 0.05, iters: int = 100
) -> tuple[NDArray[float32, Src], NDArray[float32, Dst]]:
    log_a, log_b = jnp.log(a), jnp.log(b)

    def body(_: int, fg: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        f, g = fg
        f = update_f(g, log_a, cost, eps)
        return f, update_g(f, log_b, cost, eps)

    return jax.lax.fori_loop(0, iters, body, (jnp.zeros_like(a), jnp.zeros_like(b)))


def plan_from_potentials(f: NDArray[float32, Src], g: NDArray[float32, Dst], cost: NDArray[float32, Src, Dst], eps: float = 0.05) -> NDArray[float32, Src, Dst]:
    return jnp.exp((f[:, None] + g[None, :] - cost) / eps)


def main() -> None:
    kx, ky = jax.random.split(jax.random.PRNGKey(0))
    x = jax.random.normal(kx, (8, 2))
    y = jax.random.normal(ky, (5, 2)) + 2.0
    cost = cost_matrix(x, y)
    cost = cost / cost.max()
    a, b = jnp.full(8, 1 / 8), jnp.full(5, 1 / 5)
    f, g = sinkhorn_potentials(a, b, cost)
    plan = plan_from_potentials(f, g, cost)
    assert jnp.allclose(plan.sum(axis=0), b, atol=1e-3)
    print("cost", float(jnp.sum(plan * cost)))


if __name__ == "__main__":
    main()
