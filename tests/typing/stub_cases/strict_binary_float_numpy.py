"""hypot, arctan2, logaddexp, logaddexp2, copysign of two ndtyping arrays of one rank whose shapes fit
no rule are an error (held-out 4 np_sobel: `np.hypot(gx, gy.T)`, (H, W) with (W, H), passed through
numpy's own overloads, which take any array-like). Everything else numpy's overloads took still passes."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float32, float64, int64

H = DimensionVar("H")
W = DimensionVar("W")
N = DimensionVar("N")


def clashes(gx: NDArray[float32, H, W], gy: NDArray[float32, H, W], v: NDArray[float32, H]) -> None:
    assert_type(np.hypot(gx, gy), NDArray[float32, H, W])
    np.hypot(gx, gy.T)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.arctan2(gy.T, gx)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.logaddexp(gx.T, gy.T)
    np.logaddexp(gx, gx.T)  # pyright: ignore[reportCallIssue, reportArgumentType]
    # different ranks: numpy broadcasts more forms than the rules, so an unknown shape, not an error
    np.logaddexp(gx, v)


def accepted(
    x: NDArray[float32, H, W],
    d: NDArray[float64, H, W],
    i: NDArray[int64, H, W],
    col: NDArray[float32, H, Literal[1]],
    row: NDArray[float32, Literal[1], W],
    t: NDArray[float32, N, H, W],
    npx: npt.NDArray[np.float32],
    anything: Any,
) -> None:
    assert_type(np.hypot(col, row), NDArray[Any, Unpack[tuple[Any, ...]]])  # a size 1 on each side
    np.arctan2(t, x)  # a batch against a matrix: the rule of the family
    np.arctan2(x, t)  # the smaller first: different ranks, an unknown shape
    np.hypot(x, npx)  # a numpy array of unknown shape
    np.hypot(npx, x)
    np.hypot(x, [[1.0]])  # a sequence
    np.hypot(x, np.float64(2.0))  # a numpy scalar
    np.logaddexp(0.0, x)  # a Python scalar
    np.copysign(x, -1)
    assert_type(np.hypot(x, d), NDArray[float32 | float64, H, W])  # two dtypes: the shapes must agree
    np.hypot(x, d.T)  # pyright: ignore[reportCallIssue, reportArgumentType]
    np.hypot(i, x)  # an integer array with a float one
    np.hypot(x, x, out=x)
    np.hypot(x, x, where=x > 0)
    np.hypot(x.sum(), x)  # a 0-d array
    np.hypot(anything, x)
