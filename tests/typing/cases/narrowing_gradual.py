# case requires: numpy >= 2.3 -- numpy < 2.3 types an unknown shape as tuple[int, ...], which pyright never matches to a fixed rank
"""is_array on an array of unknown shape (numpy >= 2.3 types it as tuple[Any, ...])."""

from typing import Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

from ndtyping import NDArray, float32
from ndtyping._runtime.narrowing import as_array, is_array


def unknown_shapes_already_fit(unknown: npt.NDArray[np.float32]) -> None:
    # The unknown shape is gradually compatible with any shape, so TypeIs keeps the declared
    # type (and pyright takes the else branch as unreachable): `as_array` gives the checked type.
    if is_array(unknown, NDArray[float32, Literal[3]]):
        assert_type(unknown, npt.NDArray[np.float32])
    assert_type(as_array(unknown, NDArray[float32, Literal[3]]), NDArray[float32, Literal[3]])
