"""jax.nn.one_hot(x, num_classes): x's axes and then the class axis, of a literal `num_classes`' size
or of unknown size (an `int` must not become a size); jax's own typed it a plain jax.Array."""

from typing import Any, Literal

import jax

from ndtyping import DimensionVar, NDArray, float32, int32

N = DimensionVar("N")
D = DimensionVar("D")


def encode(labels: NDArray[int32, N], k: int) -> None:
    ten: NDArray[float32, N, Literal[10]] = jax.nn.one_hot(labels, 10)
    wrong_size: NDArray[float32, N, Literal[9]] = jax.nn.one_hot(labels, 10)  # pyright: ignore[reportAssignmentType]
    wrong_rank: NDArray[float32, N] = jax.nn.one_hot(labels, k)  # pyright: ignore[reportAssignmentType]
    some: NDArray[float32, N, Any] = jax.nn.one_hot(labels, k)


def centroid_sums(x: NDArray[float32, N, D], labels: NDArray[int32, N], k: int) -> NDArray[float32, Any, D]:
    onehot = jax.nn.one_hot(labels, k)
    return onehot.T @ x
