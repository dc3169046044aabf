"""Kernel ridge regression with an RBF kernel and jnp.linalg.solve (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")


def rbf(a: NDArray[float32, N, D], b: NDArray[float32, M, D], gamma: float = 0.5) -> NDArray[float32, N, M]:
    sq = jnp.sum(a**2, axis=1)[:, None] + jnp.sum(b**2, axis=1)[None, :] - 2 * a @ b.T
    return jnp.exp(-gamma * sq)


def fit(x: NDArray[float32, N, D], y: NDArray[float32, N], alpha: float = 1e-2) -> NDArray[float32, N]:
    k = rbf(x, x)
    return jnp.linalg.solve(k + alpha * jnp.eye(x.shape[0]), y)


def predict(x_new: NDArray[float32, M, D], x: NDArray[float32, N, D], coef: NDArray[float32, N]) -> NDArray[float32, M]:
    return rbf(x, x_new) @ coef  # BUG: kernel arguments swapped: (N, M) matrix times an (N,) vector


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(16))
    x = jax.random.normal(k1, (20, 2))
    y = jnp.sin(x[:, 0])
    coef = fit(x, y)
    print("jax krr", predict(jax.random.normal(k2, (5, 2)), x, coef).shape)


if __name__ == "__main__":
    main()
