"""The README's `N = DimensionVar("N")` (no bound): the sizes `x.shape` yields work as ints, and the
named dimensions still do not match each other."""

import math

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
M = DimensionVar("M")
Bounded = DimensionVar("Bounded", bound=int)


def sizes_are_ints(x: NDArray[float32, N, D]) -> None:
    n, d = x.shape
    # each size is a DimSize[N]: an int that names its dimension (an error when the sizes were the
    # objects N and D). numpy's own stubs type the result `tuple[int, int]`; with ndtyping's overlay
    # it is `(N, D)`: tests/typing/stub_cases/unbounded_sizes.py
    size: int = n
    np.zeros((n, d), dtype=np.float32)
    math.sqrt(d)
    range(n)
    assert_type(x.shape[0] * 2, int)  # arithmetic on a size is an int (the overlay reads it as Any)
    np.ones(x.shape[-1])
    x.reshape(n * d)


def bounded_sizes_keep_their_names(x: NDArray[float32, Bounded, Bounded]) -> None:
    n, m = x.shape
    assert_type(n, Bounded)
    assert_type(x.shape, tuple[Bounded, Bounded])


def same(a: NDArray[float32, N]) -> NDArray[float32, N]:
    return a


def named_dimensions_still_differ(x: NDArray[float32, N], y: NDArray[float32, M], z: NDArray[float32, N, M]) -> None:
    same(x)
    u: NDArray[float32, N] = y  # pyright: ignore[reportAssignmentType]  # M is not N
    w: NDArray[float32, M, N] = z  # pyright: ignore[reportAssignmentType]  # swapped
    x + y  # pyright: ignore[reportOperatorIssue]  # N and M need not broadcast


def mismatched_return(x: NDArray[float32, N, D]) -> NDArray[float32, D, N]:
    return x  # pyright: ignore[reportReturnType]
