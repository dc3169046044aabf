"""jax.vmap with in_axes written out (a tuple of 0, 1 and None, or 1): an argument mapped over axis k
has the batch axis at k, None passes it unchanged, the result gets the batch axis first. Every
mapped argument shares one batch size, so mapping one over P and another over T is an error (strict).
Before: the batched call took any arguments, and each error line below passed."""

from typing import Any, Literal

import jax
from jax import vmap
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32
from ndtyping._surface.jax_array import ShapedJaxArray

P = DimensionVar("P")
T = DimensionVar("T")
Pts = DimensionVar("Pts")
Bodies = DimensionVar("Bodies")
Tasks = DimensionVar("Tasks")
Shots = DimensionVar("Shots")
Query = DimensionVar("Query")
Time = DimensionVar("Time")
Batch = DimensionVar("Batch")
Vocab = DimensionVar("Vocab")
L2 = Literal[2]
L3 = Literal[3]

Params = dict[str, jax.Array]


def inertia(points: NDArray[float32, Pts, L3], masses: NDArray[float32, Pts]) -> NDArray[float32, L3, L3]: ...


def barycentric(pixels: NDArray[float32, P, L2], tri: NDArray[float32, L3, L2]) -> NDArray[float32, P, L3]: ...


def per_body(points: NDArray[float32, Bodies, Pts, L3], masses: NDArray[float32, Bodies, Pts]) -> None:
    assert_type(jax.vmap(inertia, in_axes=(0, 0))(points, masses), ShapedJaxArray[float32, tuple[Bodies, L3, L3]])
    shared: NDArray[float32, Bodies, L3, L3] = jax.vmap(inertia, in_axes=(0, None))(points, masses[0])
    jax.vmap(inertia, in_axes=(0, 1))(points, masses)  # pyright: ignore[reportArgumentType]  # masses over Pts, points over Bodies
    print(shared)


def rasterise(pixels: NDArray[float32, P, L2], tris: NDArray[float32, T, L3, L2]) -> None:
    bary: NDArray[float32, T, P, L3] = jax.vmap(barycentric, in_axes=(None, 0))(pixels, tris)
    jax.vmap(barycentric, in_axes=(0, 0))(pixels, tris)  # pyright: ignore[reportArgumentType]  # P against T
    print(bary)


def task_loss(
    params: Params,
    xs: NDArray[float32, Shots],
    ys: NDArray[float32, Shots],
    xq: NDArray[float32, Query],
    yq: NDArray[float32, Query],
) -> jax.Array: ...


def meta_loss(
    params: Params,
    xs: NDArray[float32, Tasks, Shots],
    ys: NDArray[float32, Tasks, Shots],
    xq: NDArray[float32, Tasks, Query],
    yq: NDArray[float32, Tasks, Query],
) -> None:
    # five arguments, a parameter pytree first; a function returning jax.Array gets the batch axis
    losses: NDArray[float32, Tasks] = jax.vmap(task_loss, in_axes=(None, 0, 0, 0, 0))(params, xs, ys, xq, yq)
    jax.vmap(task_loss, in_axes=(None, 0, 0, 1, 1))(params, xs, ys, xq, yq)  # pyright: ignore[reportArgumentType]  # Query against Tasks
    print(losses)


def frame_loss(params: Params, frame: NDArray[float32, Vocab]) -> NDArray[float32]: ...


def over_time(
    params: Params, logits: NDArray[float32, Batch, Time, Vocab], times: NDArray[float32, Time, Batch, Vocab]
) -> None:
    # axis 1: the function sees the array without it (a vmap of a vmap written inline: stored in a
    # variable first, its batch variable is the outer call's too, a known gap of every vmap overload)
    per_time: NDArray[float32, Time, Batch] = vmap(vmap(frame_loss, in_axes=(None, 0)), in_axes=(None, 1))(
        params, logits
    )
    per_batch: NDArray[float32, Batch, Time] = vmap(vmap(frame_loss, in_axes=(None, 0)), in_axes=(None, 1))(
        params, times
    )
    wrong: NDArray[float32, Batch, Time] = vmap(vmap(frame_loss, in_axes=(None, 0)), in_axes=(None, 1))(params, logits)  # pyright: ignore[reportAssignmentType]
    print(per_time, per_batch, wrong)


def norm(v: NDArray[float32, Pts]) -> NDArray[float32]: ...


def columns(x: NDArray[float32, Bodies, Pts]) -> None:
    # in_axes=1 for every argument
    norms: NDArray[float32, Pts] = jax.vmap(norm, in_axes=1)(x)
    assert_type(jax.vmap(norm, in_axes=(1,))(x), ShapedJaxArray[float32, tuple[Pts]])


def any_batch(params: Params, batch: Any) -> Any:
    return batch


def pair(x: NDArray[float32, Pts], y: NDArray[float32, Pts]) -> tuple[NDArray[float32], NDArray[float32]]: ...


def plain_second(params: Params, x: jax.Array) -> jax.Array: ...


def not_modelled(params: Params, xs: NDArray[float32, Bodies, Pts], a: jax.Array, tree: dict[str, Any]) -> None:
    # a parameter typed Any (or untyped) mapped: its argument may be a pytree; the batched call takes any arguments
    jax.vmap(any_batch, in_axes=(None, 0))(params, tree)
    # a function returning a tuple: the batched call takes any arguments (never an error)
    jax.vmap(pair, in_axes=(0, None))(xs, xs[0])
    # a jax.Array parameter mapped takes a jax.Array or an NDArray with the batch axis
    jax.vmap(plain_second, in_axes=(None, 0))(params, a)
    jax.vmap(plain_second, in_axes=(None, 0))(params, xs)


def critic(params: Params, x: NDArray[float32, Pts]) -> jax.Array: ...


def penalty(params: Params, mixed: NDArray[float32, Bodies, Pts]) -> None:
    # per-example gradients: jax.grad's gradient is Any (the parameter's type, which may be a pytree),
    # so the batched gradient is Any, whatever the mapped axis (before: an array of the batch axis
    # and one more, a rank guessed)
    grads: NDArray[float32, Bodies, Pts] = jax.vmap(jax.grad(critic, argnums=1), in_axes=(None, 0))(params, mixed)
    assert_type(jax.vmap(jax.grad(critic, argnums=1), in_axes=(None, 1))(params, mixed), Any)
    print(grads)
