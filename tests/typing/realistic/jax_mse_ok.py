"""Regression training step in jax: MSE loss, its gradient with jax.grad, an SGD update."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def predict(w: NDArray[float32, D], x: NDArray[float32, N, D]) -> NDArray[float32, N]:
    return x @ w


def mse(w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N]) -> jax.Array:
    return jnp.mean((predict(w, x) - y) ** 2)


def sgd(w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N], lr: float = 0.1) -> NDArray[float32, D]:
    return w - lr * jax.grad(mse)(w, x, y)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(55))
    x = jax.random.normal(k1, (32, 3))
    y = x @ jnp.array([1.0, -1.0, 2.0]) + 0.1 * jax.random.normal(k2, (32,))
    w = jnp.zeros(3)
    for _ in range(50):
        w = sgd(w, x, y)
    print("sgd", w.round(2))


if __name__ == "__main__":
    main()
