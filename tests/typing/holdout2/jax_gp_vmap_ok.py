"""Gaussian-process prediction in jax: an RBF kernel built with nested jax.vmap, Cholesky solves."""

import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve

from ndtyping import DimensionVar, NDArray, float32

Train = DimensionVar("Train")
Test = DimensionVar("Test")
Feat = DimensionVar("Feat")


def rbf_pair(a: jax.Array, b: jax.Array, length: float = 1.0) -> jax.Array:
    return jnp.exp(-0.5 * jnp.sum((a - b) ** 2) / length**2)


def gram(a: NDArray[float32, Train, Feat], b: NDArray[float32, Test, Feat]) -> NDArray[float32, Train, Test]:
    return jax.vmap(jax.vmap(rbf_pair, in_axes=(None, 0)), in_axes=(0, None))(a, b)


def predict(
    x: NDArray[float32, Train, Feat], y: NDArray[float32, Train], x_new: NDArray[float32, Test, Feat], noise: float = 0.05
) -> tuple[NDArray[float32, Test], NDArray[float32, Test]]:
    k = gram(x, x) + noise * jnp.eye(x.shape[0])
    factor = cho_factor(k, lower=True)
    k_star = gram(x_new, x)
    mean = k_star @ cho_solve(factor, y)
    var = 1.0 - jnp.sum(k_star.T * cho_solve(factor, k_star.T), axis=0)
    return mean, var


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(8))
    x = jax.random.uniform(k1, (15, 2), minval=-2, maxval=2)
    y = jnp.sin(x[:, 0]) * jnp.cos(x[:, 1])
    x_new = jax.random.uniform(k2, (4, 2), minval=-2, maxval=2)
    mean, var = predict(x, y, x_new)
    assert mean.shape == (4,) and bool(jnp.all(var > -1e-4))
    print("mean", mean, "var", var)


if __name__ == "__main__":
    main()
