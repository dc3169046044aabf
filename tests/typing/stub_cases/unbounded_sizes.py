"""With the overlay: sizes from `x.shape` of unbounded DimensionVars make arrays that may be returned
with those dimensions (issue 15: `np.zeros((n, d))` returned as `NDArray[f32, N, D]`)."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")


def zeros_like_input(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    n, d = x.shape
    z = np.zeros((n, d), dtype=np.float32)
    swapped: NDArray[float32, D, N] = z  # pyright: ignore[reportAssignmentType]
    return z


# Each size from `x.shape` is a DimSize (an int naming its dimension), so the creation functions
# give the dimensions back and sizes in the wrong order are caught (issue 15, session 8: they
# were Any, and `np.zeros((d, n))` passed as `(N, D)`).
def sizes_in_the_wrong_order(x: NDArray[float32, N, D]) -> NDArray[float32, N, D]:
    n, d = x.shape
    return np.zeros((d, n), dtype=np.float32)  # pyright: ignore[reportReturnType]


def creation_from_sizes(x: NDArray[float32, N, D], labels: NDArray[np.int64, N]) -> None:
    n, d = x.shape
    o: NDArray[np.float64, N, D] = np.ones(x.shape)
    o_: NDArray[np.float64, D, N] = np.ones(x.shape)  # pyright: ignore[reportAssignmentType]
    e: NDArray[float32, N] = np.empty(n, dtype=np.float32)
    e_: NDArray[float32, D] = np.empty(n, dtype=np.float32)  # pyright: ignore[reportAssignmentType]
    f: NDArray[np.float64, N, D] = np.full((n, d), 0.5)
    f_: NDArray[np.float64, N, N] = np.full((n, d), 0.5)  # pyright: ignore[reportAssignmentType]
    i: NDArray[np.float64, D, D] = np.eye(d)
    i_: NDArray[np.float64, N, D] = np.eye(d)  # pyright: ignore[reportAssignmentType]
    r: NDArray[np.int64, N] = np.arange(x.shape[0])
    assert_type(np.zeros((n * 2, d)), np.ndarray[tuple[Any, Any], np.dtype[np.float64]])  # computed: Any
    assert_type(np.zeros((n, 3)), np.ndarray[tuple[Any, Any], np.dtype[np.float64]])  # mixed: Any
    by_row: NDArray[np.int64, N] = np.arange(n)
    wrong: NDArray[np.int64, D] = np.arange(n)  # pyright: ignore[reportAssignmentType]


def sizes_with_a_dtype_typed_any(x: NDArray[float32, N, D], dtype: Any) -> None:
    # an Any dtype matches every overload: the result must not be Unknown (strict mode)
    n, d = x.shape
    assert_type(np.zeros((n, d), dtype=dtype), np.ndarray[tuple[Any, Any], np.dtype[Any]])
    assert_type(np.eye(n, dtype=dtype), np.ndarray[tuple[Any, Any], np.dtype[Any]])
    assert_type(np.arange(n, dtype=dtype), np.ndarray[tuple[Any], np.dtype[Any]])


def mean_as_float(x: NDArray[float32, N, D]) -> float:
    return float(x.mean()) + float(np.mean(x))


def argmax_as_int(x: NDArray[float32, N]) -> int:
    return int(x.argmax())
