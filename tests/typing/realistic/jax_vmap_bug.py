"""Per-example predictions and gradients with jax.vmap (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
D = DimensionVar("D")


def predict_one(x: NDArray[float32, D], w: NDArray[float32, D]) -> jax.Array:
    return jax.nn.sigmoid(jnp.dot(x, w))


def predict(xs: NDArray[float32, Batch, D], w: NDArray[float32, D]) -> NDArray[float32, Batch]:
    return jax.vmap(predict_one)(xs, w)  # BUG: forgot in_axes: the weights are mapped too


def per_example_grads(xs: NDArray[float32, Batch, D], w: NDArray[float32, D]) -> NDArray[float32, Batch, D]:
    grad_one = jax.grad(lambda w_, x_: predict_one(x_, w_))
    return jax.vmap(grad_one, in_axes=(None, 0))(w, xs)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(22))
    xs = jax.random.normal(k1, (6, 3))
    w = jax.random.normal(k2, (3,))
    print("jax vmap", predict(xs, w).shape, per_example_grads(xs, w).shape)


if __name__ == "__main__":
    main()
