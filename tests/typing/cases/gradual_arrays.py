# case requires: numpy >= 2.3 -- numpy < 2.3 types an unknown shape as tuple[int, ...], which pyright never matches to a fixed rank
"""No false positives: numpy arrays of unknown shape and jax arrays flow into NDArray parameters."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray, float32, float64

N = DimensionVar("N")
M = DimensionVar("M")


def matrix(x: NDArray[float32, N, M]) -> NDArray[float32, M]: ...
def floating(x: NDArray[np.floating[Any], N]) -> None: ...
def fixed(x: NDArray[float32, Literal[3], Any]) -> None: ...


def unknown_shapes(a: npt.NDArray[np.float32], b: np.ndarray[Any, Any], c: npt.NDArray[Any]) -> None:
    matrix(a)
    matrix(b)
    matrix(c)
    fixed(a)
    floating(a)


def known_shapes() -> None:
    m = np.zeros((3, 4), dtype=np.float32)
    # numpy's own size spelling: int (numpy 2.4) or the literal (numpy 2.5)
    sized: NDArray[float32, Any] = matrix(m)  # one axis, float32
    matrix(np.zeros((3, 4), dtype=np.float64))  # pyright: ignore[reportArgumentType]
    matrix(np.zeros((3,), dtype=np.float32))  # pyright: ignore[reportArgumentType]
    floating(np.zeros((3,), dtype=np.float16))
    floating(np.zeros((3,), dtype=np.int16))  # pyright: ignore[reportArgumentType]


def unknown_dtype_still_checked(a: npt.NDArray[np.int32]) -> None:
    matrix(a)  # pyright: ignore[reportArgumentType]


def not_arrays() -> None:
    matrix([[1.0, 2.0]])  # pyright: ignore[reportArgumentType]
    matrix(3.0)  # pyright: ignore[reportArgumentType]


def back_to_numpy(x: NDArray[float64, N, M]) -> npt.NDArray[np.float64]:
    return np.asarray(x)
