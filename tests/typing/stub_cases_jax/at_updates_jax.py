"""`x.at[ids]` with a 1-D integer index array updates rows of the shape `(len(ids), *rest)`: the
values must broadcast to it (issue 15, session 8: `table.at[ids].add(grads.T)` passed, the values
being typed Any). Other keys (an int, slices, a tuple, an index of unknown rank) take any values."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

V = DimensionVar("V")
N = DimensionVar("N")
D = DimensionVar("D")


def scatter(
    table: NDArray[float32, V, D], ids: NDArray[int32, N], grads: NDArray[float32, N, D], row: NDArray[float32, D],
    col: NDArray[float32, N], unknown: jax.Array, anything: Any,
) -> None:
    ok: list[NDArray[float32, V, D]] = [
        table.at[ids].add(grads),
        table.at[ids].set(row),  # the trailing axis: broadcast over the rows
        table.at[ids].set(row[None]),
        table.at[ids].set(col[:, None]),  # (N, 1)
        table.at[ids].add(1.0),
        table.at[ids].add(unknown),
        table.at[ids].add(anything),
        table.at[unknown].add(grads.T),  # an index of unknown rank: not checked
        table.at[0].set(row),
        table.at[:, 0].set(0.0),
        table.at[ids, :].set(grads),
        table.at[ids].apply(jnp.sin),
        jnp.tanh(table).at[ids].add(grads),
    ]
    table.at[ids].add(grads.T)  # pyright: ignore[reportCallIssue, reportArgumentType]  # (D, N) rows
    table.at[ids].set(col)  # pyright: ignore[reportCallIssue, reportArgumentType]  # (N,) against (N, D)
    print(ok)
