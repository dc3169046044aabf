"""The seed examples of the stubs issue, for numpy."""

import numpy as np
from typing_extensions import Unpack

from ndtyping import DimensionVar, NDArray, ShapeVar, float32

N = DimensionVar("N")
M = DimensionVar("M")
I = DimensionVar("I")
J = DimensionVar("J")
K = DimensionVar("K")
B = ShapeVar("B")


def sum_error(matrix: NDArray[float32, N, M]) -> NDArray[float32, N]:
    return np.sum(matrix, axis=0)  # pyright: ignore[reportReturnType]  # the result is NDArray[float32, M]


def transpose_error(matrix: NDArray[float32, N, M]) -> NDArray[float32, N, M]:
    return np.transpose(matrix)  # pyright: ignore[reportReturnType]  # the result is NDArray[float32, M, N]


def matmul(a: NDArray[float32, Unpack[B], I, J], b: NDArray[float32, Unpack[B], J, K]) -> NDArray[float32, Unpack[B], I, K]:
    return np.matmul(a, b)


def matmul_error(a: NDArray[float32, I, J], b: NDArray[float32, J, K]) -> NDArray[float32, I, K]:
    # Mismatched operands fall through to numpy's own (untyped) overloads; the operator is strict.
    return b @ a  # pyright: ignore[reportOperatorIssue, reportUnknownVariableType]


def sum_ok(matrix: NDArray[float32, N, M]) -> NDArray[float32, M]:
    return np.sum(matrix, axis=0)
