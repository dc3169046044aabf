"""A user's `jax.Array` annotation accepts NDArray values: jax code mixes the two (a lax.scan body
annotated with jax.Array that gets NDArray values, a loss returning `x.mean()`, a pytree typed
`dict[str, jax.Array]`), and an NDArray holds a jax array there. A numpy array is still not a
jax.Array, `isinstance(x, jax.Array)` still narrows, and an NDArray whose shapes clash still does
not slip through jax's own signatures."""

import jax
import jax.numpy as jnp
import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
H = DimensionVar("H")


def loss(x: NDArray[float32, N, D], w: NDArray[float32, D]) -> jax.Array:
    # an NDArray method's result and an NDArray operator's result, returned as jax.Array
    return (x @ w).mean() + jnp.sum(w * w)


def project(x: NDArray[float32, N, D], w: NDArray[float32, D, H]) -> NDArray[float32, N, H]:
    return x @ w


def scan_step(carry: jax.Array, x: NDArray[float32, D]) -> tuple[jax.Array, jax.Array]:
    # the NDArray results of an annotated function, returned from a body annotated with jax.Array
    h = carry + x
    return h, x.sum()


def rollout(xs: NDArray[float32, N, D], h0: NDArray[float32, D]) -> jax.Array:
    final, outputs = jax.lax.scan(scan_step, h0, xs)
    del outputs
    return final


def closure(x: NDArray[float32, N, D], w: NDArray[float32, D, H]) -> jax.Array:
    def inner(v: jax.Array) -> jax.Array:
        return project(v, w)  # a jax.Array is an NDArray of unknown shape

    return inner(x)


def init(key: jax.Array, x: NDArray[float32, N, D]) -> dict[str, jax.Array]:
    # jax's results and NDArray values in one pytree typed with jax.Array
    params = {"w": 0.1 * jax.random.normal(key, (3, 4)), "b": jnp.zeros(4)}
    params["x"] = x
    return params


def crop(image: NDArray[float32, N, D]) -> jax.Array:
    # a jax function whose own signature names jax's Array takes an NDArray
    return jax.lax.dynamic_slice(image, (0, 0), (2, 2))


def pair(a: jax.Array, b: jax.Array) -> jax.Array:
    return jnp.sum((a - b) ** 2)


def gram(x: NDArray[float32, N, D], y: NDArray[float32, H, D]) -> jax.Array:
    # a function annotated with jax.Array, vmapped twice and called with NDArray values
    return jax.vmap(jax.vmap(pair, in_axes=(None, 0)), in_axes=(0, None))(x, y)


def numpy_is_not_jax(a: np.ndarray) -> jax.Array:
    b: jax.Array = a  # pyright: ignore[reportAssignmentType]  # a numpy array is not a jax.Array
    return b


def narrowing(x: jax.Array | np.ndarray) -> None:
    if isinstance(x, jax.Array):
        assert_type(x, jax.Array)
    else:
        assert_type(x, np.ndarray)


def still_checked(x: NDArray[float32, N, D], w: NDArray[float32, H, D]) -> None:
    # D against H: no rule fits, and jax's own matmul does not take the NDArray
    jnp.matmul(x, w)  # pyright: ignore[reportCallIssue, reportArgumentType]


def vmapped_ndarray_function(xs: NDArray[float32, H, N, D], w: NDArray[float32, D]) -> NDArray[float32, H, N]:
    # an NDArray-annotated function still takes the NDArray rules of vmap (the batch axis is kept)
    def apply(x: NDArray[float32, N, D]) -> NDArray[float32, N]:
        return x @ w

    return jax.vmap(apply)(xs)


def vmapped_pair(xs: jax.Array, ys: jax.Array) -> jax.Array:
    # a function of jax arrays, vmapped: nothing Unknown (strict mode), jax.Array in and out
    return jax.vmap(pair)(xs, ys)


def plain_scan(xs: jax.Array) -> tuple[jax.Array, jax.Array]:
    def step(carry: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        return carry + x, carry * x

    return jax.lax.scan(step, jnp.zeros(xs.shape[1:]), xs)


def scaled(params: dict[str, jax.Array], x: jax.Array) -> jax.Array:
    return params["scale"] * x


def vmapped_lambda(params: dict[str, jax.Array], xs: NDArray[float32, N, D]) -> jax.Array:
    # a lambda of several arguments keeps jax's own `F -> F`, its parameters unknown as plain pyright
    # has them (strict mode reports that, as it does without ndtyping); before, the lambda's first
    # parameter was typed from the NDArray rules, and `params`, a dict, was rejected
    batched = jax.vmap(lambda p, x: scaled(p, x), in_axes=(None, 0))  # pyright: ignore[reportUnknownLambdaType, reportUnknownArgumentType, reportUnknownVariableType]
    return batched(params, xs)
