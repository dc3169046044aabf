"""With the overlay: sizes from `x.shape` of unbounded DimensionVars make arrays that may be returned
with those dimensions (issue 15: `np.zeros((n, d))` returned as `NDArray[f32, N, D]`)."""

from typing import Any

import numpy as np
import numpy.typing as npt
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
    # an Any dtype matches every overload: the result must not be Unknown (strict mode). It is an
    # ndtyping array of the rank (the arrays of sizes read from `x.shape` are ndtyping arrays, and
    # pyright's answer for an Any argument must hold them and numpy's own results)
    n, d = x.shape
    assert_type(np.zeros((n, d), dtype=dtype), NDArray[Any, Any, Any])
    assert_type(np.eye(n, dtype=dtype), NDArray[Any, Any, Any])
    assert_type(np.arange(n, dtype=dtype), NDArray[Any, Any])


def mean_as_float(x: NDArray[float32, N, D]) -> float:
    return float(x.mean()) + float(np.mean(x))


def argmax_as_int(x: NDArray[float32, N]) -> int:
    return int(x.argmax())


# An array made from DimSize sizes is an ndtyping array, so a known clash with another one is an
# error. As a numpy array (before), an NDArray operator that rejected it handed it to numpy's
# reflected operator (`ndarray.__rmatmul__`, `__radd__`), which takes any array-like: held-out 5
# np_lasso_cd's `x.T @ beta` with `beta = np.zeros(p)` passed with an unknown shape.
def created_arrays_meet_ndtyping_arrays(x: NDArray[np.float64, N, D], y: NDArray[np.float64, N]) -> None:
    n, d = x.shape
    beta = np.zeros(d)
    assert_type(beta, NDArray[np.float64, D])
    assert_type(x @ beta, NDArray[np.float64, N])
    x.T @ beta  # pyright: ignore[reportOperatorIssue]
    assert_type(y - x @ beta, NDArray[np.float64, N])
    y - x.T @ beta  # pyright: ignore[reportOperatorIssue]
    x + np.zeros(n)  # pyright: ignore[reportOperatorIssue]
    assert_type(x + np.ones(x.shape), NDArray[np.float64, N, D])
    assert_type(np.eye(d) @ x.T, NDArray[np.float64, D, N])
    np.eye(n) @ x.T  # pyright: ignore[reportOperatorIssue]
    assert_type(np.full(n, 1), NDArray[np.int64, N])
    assert_type(np.arange(n) * 2, NDArray[np.int64, N])
    # numpy's methods are still there (NDArray has every numpy method)
    acc = np.zeros((n, d))
    acc += x
    acc[0] = 1.0
    assert_type(acc.sum(axis=0), NDArray[np.float64, D])
    assert_type(acc.tolist(), Any)
    assert_type(float(acc.max()), float)


# numpy.random.Generator's samplers of sizes read from `x.shape` have those dimensions, like the
# creation functions (held-out 4 np_metropolis: `np.log(rng.random(x.shape[0])) < logp` was a
# numpy array of unknown shape, and the misplaced new axis of the mask went unchecked).
def samples_of_sizes(x: NDArray[np.float64, N, D], logp: NDArray[np.float64, N], rng: np.random.Generator, k: int) -> None:
    n, d = x.shape
    assert_type(rng.random(n), NDArray[np.float64, N])
    assert_type(rng.standard_normal(x.shape), NDArray[np.float64, N, D])
    assert_type(rng.standard_normal((n, d), dtype=np.float32), NDArray[float32, N, D])
    assert_type(rng.normal(0.0, 0.1, size=(d, n)), NDArray[np.float64, D, N])
    assert_type(rng.normal(size=x.shape), NDArray[np.float64, N, D])
    assert_type(rng.uniform(high=2.0, size=n), NDArray[np.float64, N])
    assert_type(rng.uniform(-1.0, 1.0, x.shape), NDArray[np.float64, N, D])
    assert_type(rng.permutation(n), NDArray[np.int64, N])
    accept = np.log(rng.random(x.shape[0])) < logp
    assert_type(np.where(accept[:, None], x, x), NDArray[np.float64, N, D])
    np.where(accept[None, :], x, x)  # pyright: ignore[reportCallIssue, reportArgumentType]
    x + rng.standard_normal((d, n))  # pyright: ignore[reportOperatorIssue]
    # other sizes keep numpy's own types
    assert_type(rng.random(k), npt.NDArray[np.float64])
    assert_type(rng.random(), float)
    assert_type(rng.permutation(10), npt.NDArray[np.int64])


def samples_of_a_size_typed_any(rng: np.random.Generator, size: Any) -> None:
    # not Unknown (strict mode): numpy's own overloads disagree on an Any size too
    assert_type(rng.random(size), Any)
    assert_type(rng.permutation(size), Any)
