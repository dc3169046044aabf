"""Plain numpy arrays keep numpy's own types through the overlay (its guards: see docs/stubs.md)."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type


def known(z: np.ndarray[tuple[int, int], np.dtype[np.float32]]) -> None:
    # numpy's own results: the overlay's first overload of each function hands numpy arrays back
    assert_type(np.sum(z, axis=0), Any)
    # (`| Any`: so that an Any argument gives Any, see any_arguments.py)
    assert_type(np.transpose(z), np.ndarray[tuple[Any, ...], np.dtype[np.float32]] | Any)
    assert_type(np.expand_dims(z, 0), np.ndarray[tuple[Any, ...], np.dtype[np.float32]] | Any)
    assert_type(np.swapaxes(z, 0, 1), np.ndarray[tuple[Any, ...], np.dtype[np.float32]] | Any)
    assert_type(np.matmul(z, z), Any)
    assert_type(np.add(z, z), np.ndarray[tuple[Any, ...], np.dtype[Any]] | Any)
    assert_type(np.add(1.0, z), np.ndarray[tuple[Any, ...], np.dtype[Any]] | Any)
    # unary ufuncs and clip keep the shape of a numpy array
    assert_type(np.exp(z), np.ndarray[tuple[int, int], np.dtype[np.float32]] | Any)
    assert_type(np.clip(z, 0.0, 1.0), np.ndarray[tuple[int, int], np.dtype[np.float32]] | Any)
    assert_type(np.zeros_like(z), np.ndarray[tuple[int, int], np.dtype[np.float32]] | Any)
    # literal-shape creation: numpy arrays with Literal sizes
    assert_type(np.zeros((2, 3), dtype=np.float32), np.ndarray[tuple[Literal[2], Literal[3]], np.dtype[np.float32]])


def unknown(a: npt.NDArray[np.float32]) -> None:
    assert_type(np.sum(a, axis=0), Any)
    assert_type(np.mean(np.swapaxes(a, 0, 1), axis=-1), Any)


def scalars(s: np.float32) -> None:
    # numpy scalars have __array__ too, but keep numpy's own types
    assert_type(np.exp(s), Any)
    float(np.add(s, 1.0))
    float(np.clip(s, 0.0, 1.0))
    float(np.zeros_like(s))
