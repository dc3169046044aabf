"""With the overlay: numpy's own floating arrays with a Python scalar operand keep their dtype
(NEP 50: Python scalars are weak). numpy's stubs type `float32_array / 4` as float64 and
`0.05 * float32_array` as floating[Any]; a float32 array built this way was rejected where a
float32 NDArray was declared. A numpy float64 scalar (a Python float subclass) is strong."""

from typing import Any, Literal

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
F32 = np.ndarray[tuple[Any, ...], np.dtype[np.float32]]
F64 = np.ndarray[tuple[Any, ...], np.dtype[np.float64]]


def scale(x: NDArray[float32, N, N]) -> NDArray[float32, N, N]:
    return x


def built(rng: np.random.Generator, a: F32, h: np.ndarray[tuple[Any, ...], np.dtype[np.float16]]) -> None:
    w = rng.standard_normal((4, 4), dtype=np.float32)
    assert_type(w / 4, F32)
    assert_type(0.05 * w, F32)
    assert_type(w - 1.5, F32)
    assert_type(2 / w, F32)
    assert_type(2.0**w, F32)
    assert_type(w**2, F32)
    assert_type(w // 3, F32)
    assert_type(w % 1.0, F32)
    scale(w / 4)
    scale(w + 0.05 * rng.standard_normal((4, 4), dtype=np.float32))
    # the shape type is kept
    assert_type(np.zeros((2, 3), dtype=np.float32) * 0.5, np.ndarray[tuple[Literal[2], Literal[3]], np.dtype[np.float32]])
    assert_type(h * 3, np.ndarray[tuple[Any, ...], np.dtype[np.float16]])
    # a numpy float64 scalar is strong: float32 and float16 arrays become float64
    assert_type(a * np.float64(2.0), F64)
    assert_type(np.float64(2.0) * h, F64)
    scale(w * np.float64(0.5))  # pyright: ignore[reportArgumentType]  # float64 is not float32


def untouched(i: np.ndarray[tuple[Any, ...], np.dtype[np.int64]], x: np.ndarray) -> None:
    # an integer array with a float is float64 (numpy's own overloads)
    assert_type(i / 2, F64)
    # an array of unknown dtype stays unknown, not float64
    assert_type(x * 2.0, np.ndarray[tuple[Any, ...], np.dtype[Any]])
