"""jaxtyping-style annotations are, to pyright, the array type they wrap."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

from ndtyping import Float, Int, Shaped, check


def scale(x: Float[np.ndarray, "batch channels"], k: float) -> Float[np.ndarray, "batch channels"]:
    assert_type(x, np.ndarray)
    return x * k


@check
def total(x: Int[np.ndarray, "n"], *, axis: int = 0) -> Shaped[np.ndarray, ""]:
    return np.asarray(x.sum(axis=axis))


arr: npt.NDArray[np.float32] = np.zeros((2, 3), dtype=np.float32)
scaled = scale(arr, 2.0)
assert_type(scaled, np.ndarray)
# `check` keeps the signature (ParamSpec): wrong argument types are still errors.
total(np.zeros(3, dtype=np.int64), axis=0)
total(np.zeros(3, dtype=np.int64), axis="0")  # pyright: ignore[reportArgumentType]
total()  # pyright: ignore[reportCallIssue]
