"""Logistic regression by Newton's method with jax.grad and jax.hessian of the penalised loss."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def penalised_nll(w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N], lam: float = 1e-2) -> jax.Array:
    z = x @ w
    return jnp.sum(jnp.logaddexp(0.0, z) - y * z) + 0.5 * lam * jnp.sum(w**2)


def newton_update(w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N]) -> NDArray[float32, D]:
    g = jax.grad(penalised_nll)(w, x, y)
    h = jax.hessian(penalised_nll)(w, x, y)
    return w - jnp.linalg.solve(h, g)


def fit(x: NDArray[float32, N, D], y: NDArray[float32, N], steps: int = 6) -> NDArray[float32, D]:
    w = jnp.zeros(x.shape[1])
    for _ in range(steps):
        w = newton_update(w, x, y)
    return w


def sample_labels(key: jax.Array, x: NDArray[float32, N, D], w: NDArray[float32, D]) -> NDArray[float32, N]:
    return jax.random.bernoulli(key, jax.nn.sigmoid(x @ w))  # BUG: bernoulli gives bool labels, not float32


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(9))
    x = jax.random.normal(k1, (50, 4))
    w_true = jnp.array([2.0, -1.0, 0.5, 0.0])
    y = sample_labels(k2, x, w_true)
    w = fit(x, y)
    assert w.shape == (4,)
    print("w", w, "acc", float(jnp.mean((x @ w > 0) == (y > 0.5))))


if __name__ == "__main__":
    main()
