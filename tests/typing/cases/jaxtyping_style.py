"""jaxtyping-style annotations are, to pyright, the array type they wrap."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

from ndtyping import Float, Int, Shaped, check

# Strict mode wants numpy's type arguments spelled out (numpy < 2.3 has no defaults for them).
Arr = npt.NDArray[Any]


def scale(x: Float[Arr, "batch channels"], k: float) -> Float[Arr, "batch channels"]:
    assert_type(x, Arr)
    return x * k


@check
def total(x: Int[Arr, "n"], *, axis: int = 0) -> Shaped[Arr, ""]:
    return np.asarray(x.sum(axis=axis))


arr: npt.NDArray[np.float32] = np.zeros((2, 3), dtype=np.float32)
scaled = scale(arr, 2.0)
assert_type(scaled, Arr)
# `check` keeps the signature (ParamSpec): wrong argument types are still errors.
total(np.zeros(3, dtype=np.int64), axis=0)
total(np.zeros(3, dtype=np.int64), axis="0")  # pyright: ignore[reportArgumentType]
total()  # pyright: ignore[reportCallIssue]


class Layer:
    @check
    def __call__(self, x: Float[Arr, "b i"], scale: float = 1.0) -> Float[Arr, "b o"]:
        return x * scale


layer = Layer()
assert_type(layer(arr), Arr)
layer(arr, scale="2")  # pyright: ignore[reportArgumentType]
