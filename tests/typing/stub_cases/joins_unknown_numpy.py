"""Joins of NDArrays of unknown rank have an unknown shape (not the rank a join pattern gives when
matched gradually)."""

from typing import Any

import numpy as np
from typing_extensions import TypeAlias, Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
UnknownShape: TypeAlias = np.ndarray[tuple[Any, ...], np.dtype[np.float32]]


def unknown_joins(u: NDArray[float32, Unpack[tuple[Any, ...]]], x: NDArray[float32, N]) -> None:
    assert_type(np.concatenate([u, u]), UnknownShape)
    assert_type(np.stack([u, u]), UnknownShape)
    assert_type(np.vstack([u, u]), UnknownShape)
    assert_type(np.hstack([u, u]), UnknownShape)
    assert_type(np.concatenate([x, x]), np.ndarray[tuple[Any], np.dtype[np.float32]])
