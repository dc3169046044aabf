"""Plain numpy arrays gain shapes through the overlay and keep numpy's types."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type


def known(z: np.ndarray[tuple[int, int], np.dtype[np.float32]]) -> None:
    assert_type(np.sum(z, axis=0), np.ndarray[tuple[int], np.dtype[np.float32]])
    assert_type(np.transpose(z), np.ndarray[tuple[int, int], np.dtype[np.float32]])
    assert_type(np.expand_dims(z, 0), np.ndarray[tuple[Literal[1], int, int], np.dtype[np.float32]])


def unknown(a: npt.NDArray[np.float32]) -> None:
    assert_type(np.sum(a, axis=0), np.ndarray[tuple[Any, ...], np.dtype[np.float32]])
