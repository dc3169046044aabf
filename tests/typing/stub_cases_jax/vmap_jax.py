"""jax.vmap over axis 0 of a one-argument NDArray function: the batch axis is added (strict).
Any other NDArray function (several arguments, other in_axes): the batched call takes any
arguments, and an array result gets a leading batch axis of unknown size."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
D = DimensionVar("D")
Batch = DimensionVar("Batch")
L3 = Literal[3]


def norm(v: NDArray[float32, N]) -> NDArray[float32]:
    return jnp.sqrt(jnp.sum(v * v))


def outer(v: NDArray[float32, L3]) -> NDArray[float32, L3, L3]: ...


def plain(v: jax.Array) -> jax.Array:
    return v * 2


def batched(x: NDArray[float32, Batch, M], y: NDArray[float32, Batch, L3], a: jax.Array) -> None:
    norms: NDArray[float32, Batch] = jax.vmap(norm)(x)
    outers: NDArray[float32, Batch, L3, L3] = jax.vmap(outer)(y)
    wrong: NDArray[float32, M] = jax.vmap(norm)(x)  # pyright: ignore[reportAssignmentType]
    # jax arrays of unknown shape: the result has the batch axis, of unknown size
    n: tuple[int] = jax.vmap(norm)(a).shape
    # other in_axes: the batched call is not the unbatched signature (it was: an error here)
    columns: NDArray[float32, M] = jax.vmap(norm, in_axes=1)(x)
    flat: NDArray[float32] = jax.vmap(norm, in_axes=1)(x)  # pyright: ignore[reportAssignmentType]  # rank >= 1
    # functions of jax.Array keep jax's own `vmap(fun: F) -> F`
    kept: jax.Array = jax.vmap(plain)(a)
    print(norms, outers, wrong, n, columns, flat, kept)


def predict_one(x: NDArray[float32, M], w: NDArray[float32, M]) -> jax.Array:
    return jax.nn.sigmoid(jnp.dot(x, w))


def embed(x: NDArray[float32, M], table: NDArray[float32, M, N]) -> NDArray[float32, N]:
    return x @ table


def several_arguments(xs: NDArray[float32, Batch, M], w: NDArray[float32, M], t: NDArray[float32, M, N]) -> None:
    scores: NDArray[float32, Batch] = jax.vmap(predict_one, in_axes=(0, None))(xs, w)
    rows: NDArray[float32, Batch, N] = jax.vmap(embed, in_axes=(0, None))(xs, t)
    scalar: NDArray[float32] = jax.vmap(embed, in_axes=(0, None))(xs, t)  # pyright: ignore[reportAssignmentType]
    print(scores, rows, scalar)


def every_argument_mapped(xs: NDArray[float32, Batch, M], ws: NDArray[float32, Batch, M], w: NDArray[float32, M]) -> None:
    # in_axes=0 (the default) maps every argument: each gets the batch axis
    scores: NDArray[float32, Batch] = jax.vmap(embed_dot)(xs, ws)
    jax.vmap(embed_dot)(xs, w)  # pyright: ignore[reportArgumentType]  # w is mapped too: (M,) has no batch axis
    print(scores)


def embed_dot(x: NDArray[float32, M], w: NDArray[float32, M]) -> NDArray[float32]:
    return jnp.dot(x, w)


def critic(params: dict[str, jax.Array], x: NDArray[float32, D]) -> jax.Array:
    return jnp.dot(x, params["w"])


def per_row(params: dict[str, jax.Array], xs: NDArray[float32, N, D]) -> None:
    # a parameter pytree first, an NDArray second, in_axes=(None, 0): the batched call takes the
    # batched array (before: vmap kept the signature, and (N, D) was rejected for (D,)); its
    # gradient with respect to x, written inline, the same
    scores = jax.vmap(critic, in_axes=(None, 0))(params, xs)
    grads = jax.vmap(jax.grad(critic, argnums=1), in_axes=(None, 0))(params, xs)
    print(scores, grads)
