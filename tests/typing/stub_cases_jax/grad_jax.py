"""jax.grad and jax.value_and_grad keep the differentiated function's parameters: arguments in the
wrong order are an error. The gradient is Any (the differentiated argument's type, which the typing
cannot pick out); value_and_grad's value is the function's result.
(A lambda's parameters stay unknown, not a type variable: the realistic corpus's jax_vmap_ok.)"""

from typing import Any, Generic, NamedTuple

import jax
import jax.numpy as jnp
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
K = DimensionVar("K")


def mse(w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N]) -> jax.Array:
    return jnp.mean((x @ w - y) ** 2)


def sgd(w: NDArray[float32, D], x: NDArray[float32, N, D], y: NDArray[float32, N]) -> NDArray[float32, D]:
    loss, g = jax.value_and_grad(mse)(w, x, y)
    assert_type(loss, jax.Array)
    jax.grad(mse)(x, w, y)  # pyright: ignore[reportArgumentType]  # weights and inputs swapped
    return w - 0.1 * jax.grad(mse)(w, x, y) + 0 * g


def ndarray_loss(w: NDArray[float32, D], x: NDArray[float32, N, D]) -> NDArray[float32]:
    return jnp.mean(x @ w)


def step(w: NDArray[float32, D], x: NDArray[float32, N, D]) -> jax.Array:
    # the value of an NDArray-returning function is the jax array jax gives, with its dtype and shape
    # (before: the function's NDArray, which a `-> jax.Array` annotation rejected)
    value, _ = jax.value_and_grad(ndarray_loss)(w, x)
    scalar: NDArray[float32] = value
    wrong: NDArray[float32, N] = value  # pyright: ignore[reportAssignmentType]
    print(scalar, wrong)
    return value


def per_example(w: NDArray[float32, D], xs: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    # jax.vmap batches jax.grad(f), whose gradient is Any, into Any: the batched gradient's rank is
    # not guessed (before: an array of the batch axis and one more, whatever the parameter was), and
    # a function returning jax.Array is batched with its shape
    def point_loss(x: NDArray[float32, D]) -> jax.Array:
        return jnp.sum(x * w)

    gradient: NDArray[float32, D] = jax.grad(point_loss)(w)
    losses: NDArray[float32, N] = jax.vmap(point_loss)(xs)
    wrong: NDArray[float32, D] = jax.vmap(point_loss)(xs)  # pyright: ignore[reportAssignmentType]
    assert_type(jax.vmap(jax.grad(point_loss))(xs), Any)
    print(gradient, losses, wrong)
    return jax.vmap(jax.grad(point_loss))(xs)


class Linear(NamedTuple, Generic[D, K]):
    w: NDArray[float32, D, K]
    b: NDArray[float32, K]


def example_loss(params: Linear[D, K], x: NDArray[float32, D], y: NDArray[float32, K]) -> jax.Array:
    return jnp.sum((x @ params.w + params.b - y) ** 2)


def per_example_grads(params: Linear[D, K], xs: NDArray[float32, N, D], ys: NDArray[float32, N, K]) -> Linear[Any, Any]:
    # the per-example gradients of a pytree parameter are that pytree, batched (DP-SGD): Any here,
    # never an array (before: NDArray[Any, N, Any], an error on this correct return)
    grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(params, xs, ys)
    assert_type(grads, Any)
    return grads


def log_density(x: jax.Array) -> jax.Array:
    return -0.5 * jnp.sum(x**2)


def untyped_energy(x):  # pyright: ignore[reportMissingParameterType, reportUnknownParameterType]
    return jnp.sum(x["w"] ** 2)  # pyright: ignore[reportUnknownArgumentType]


def scores(xs: NDArray[float32, N, D]) -> None:
    # jax.vmap(jax.grad(f)) written inline, f of one jax.Array, untyped or a lambda: the batched
    # gradient takes an NDArray or a pytree (before: pyright solved the gradient's parameter from
    # vmap's first overload, its guard class, and rejected every argument)
    batched: NDArray[float32, N, D] = jax.vmap(jax.grad(log_density))(xs)
    assert_type(jax.vmap(jax.grad(lambda v: jnp.sum(v**2)))(xs), Any)
    assert_type(jax.vmap(jax.grad(untyped_energy))({"w": xs}), Any)  # pyright: ignore[reportUnknownArgumentType]
    values, grads = jax.vmap(jax.value_and_grad(log_density))(xs)
    assert_type(values, Any)
    # and a function of jax.Array alone still keeps its signature under vmap
    assert_type(jax.vmap(log_density)(xs), jax.Array)
    print(batched, grads)
