# case requires: numpy >= 2.2 -- numpy < 2.2 types np.zeros((3,)) as an array of any shape
"""An index array of `int` size (numpy's own results, `np.flatnonzero`) puts Any in the result,
never `int`. numpy >= 2.2 only: before, numpy typed an ndarray's shape as Any whatever it was
declared, and the key was read as an index array of unknown rank (an unknown shape)."""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float64

State = DimensionVar("State")
Symbol = DimensionVar("Symbol")


def int_sized_keys(emit: NDArray[float64, State, Symbol], int_sized: np.ndarray[tuple[int], np.dtype[np.int64]]) -> None:
    assert_type(emit[int_sized], NDArray[float64, Any, Symbol])
    assert_type(emit[:, int_sized], NDArray[float64, State, Any])
