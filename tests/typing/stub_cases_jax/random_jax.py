"""jax.random's samples: of the shape taken from an ndtyping array (`x.shape`: its dimensions),
float32 or the dtype given (int32 for randint); bernoulli without a shape, bool samples of its
probabilities' shape. Literal or int shapes keep jax's own Array, so that a parameter dict of
samples of several shapes is still a dict of jax.Array in strict mode."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def noise(key: jax.Array, x: NDArray[float32, N, D], p: NDArray[float32, N]) -> NDArray[float32, N, D]:
    # each sample has the rank (and dtype) asserted, shown by the wrong rank or dtype being an error
    normal: NDArray[float32, N, D] = jax.random.normal(key, x.shape)
    wrong_rank: NDArray[float32, N] = jax.random.normal(key, x.shape)  # pyright: ignore[reportAssignmentType]
    wrong_order: NDArray[float32, D, N] = jax.random.normal(key, x.shape)  # pyright: ignore[reportAssignmentType]
    uniform: NDArray[float32, N] = jax.random.uniform(key, p.shape, minval=-1.0, maxval=1.0)
    half: NDArray[np.float16, Any, Any] = jax.random.normal(key, x.shape, dtype=np.float16)
    wrong_dtype: NDArray[float32, Any, Any] = jax.random.normal(key, x.shape, dtype=np.float16)  # pyright: ignore[reportAssignmentType]
    ints: NDArray[np.int32, Any] = jax.random.randint(key, p.shape, 0, 10)
    coins: NDArray[np.bool_, N] = jax.random.bernoulli(key, p)
    wrong_axis: NDArray[np.bool_, D] = jax.random.bernoulli(key, p)  # pyright: ignore[reportAssignmentType]
    mask: NDArray[np.bool_, N, D] = jax.random.bernoulli(key, 0.9, x.shape)
    n, d = x.shape
    swapped: NDArray[float32, N, D] = jax.random.normal(key, (d, n))  # pyright: ignore[reportAssignmentType]
    print(normal, wrong_rank, wrong_order, swapped, uniform, half, wrong_dtype, ints, coins, wrong_axis, mask)
    return x + 0.1 * jax.random.normal(key, x.shape)


def init(key: jax.Array) -> dict[str, jax.Array]:
    # samples of literal shapes stay jax.Array: the dict is dict[str, Array] in strict mode
    params = {"w": jax.random.normal(key, (3, 4)), "b": jax.random.normal(key, (4,))}
    params["s"] = jax.random.uniform(key)
    assert_type(jax.random.bernoulli(key, 0.5, (3,)), jax.Array)
    return params


def untyped_shape(key: jax.Array, shape: Any) -> jax.Array:
    # a shape typed Any: jax's own Array, not Unknown
    return jnp.asarray(jax.random.normal(key, shape))
