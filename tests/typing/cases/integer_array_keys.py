"""Indexing with an integer array (numpy's and jax's advanced indexing): the indexed axis is
replaced by the index array's axes (held-out corpus 2: `emit[:, obs]` was typed as if obs were an
int). Masks, index arrays of unknown rank and `int`-sized ones give no guessed size."""

from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, bool_, float64, int32, int64

State = DimensionVar("State")
Symbol = DimensionVar("Symbol")
Time = DimensionVar("Time")
B = DimensionVar("B")
K = DimensionVar("K")


def emission_probs(emit: NDArray[float64, State, Symbol], obs: NDArray[int64, Time]) -> NDArray[float64, Time, State]:
    assert_type(emit[:, obs], NDArray[float64, State, Time])
    return emit[:, obs].T


def gathers(
    emit: NDArray[float64, State, Symbol], idx: NDArray[int32, Time], idx2: NDArray[int64, B, K], t: NDArray[float64, B, State, Symbol]
) -> None:
    assert_type(emit[idx], NDArray[float64, Time, Symbol])
    assert_type(emit[idx, :], NDArray[float64, Time, Symbol])
    assert_type(emit[..., idx], NDArray[float64, State, Time])
    assert_type(emit[idx, idx], NDArray[float64, Time])
    assert_type(emit[idx2], NDArray[float64, B, K, Symbol])
    assert_type(emit[:, idx2], NDArray[float64, State, B, K])
    assert_type(t[idx], NDArray[float64, Time, State, Symbol])
    assert_type(t[:, idx], NDArray[float64, B, Time, Symbol])
    assert_type(t[..., idx], NDArray[float64, B, State, Time])
    # an int and a slice still mean what they did
    assert_type(emit[0], NDArray[float64, Symbol])
    assert_type(emit[:, 0], NDArray[float64, State])


def no_guessed_sizes(
    emit: NDArray[float64, State, Symbol],
    mask: NDArray[bool_, State, Symbol],
    row_mask: NDArray[bool_, State],
    unknown: NDArray[int64, Unpack[tuple[Any, ...]]],
    plain: npt.NDArray[np.int64],
) -> None:
    unknown_shape = NDArray[float64, Unpack[tuple[Any, ...]]]
    assert_type(emit[mask], unknown_shape)
    assert_type(emit[row_mask], unknown_shape)
    assert_type(emit[:, row_mask], unknown_shape)
    assert_type(emit[unknown], unknown_shape)
    assert_type(emit[:, unknown], unknown_shape)
    assert_type(emit[plain], unknown_shape)
    # (an index array of `int` size: integer_array_keys_int_sized.py, numpy >= 2.2)


def transpose_of_unknown_rank(u: NDArray[float64, Unpack[tuple[Any, ...]]]) -> None:
    # matched gradually to the rank-1 rule, `u.T` read as 1-D
    assert_type(u.T, NDArray[float64, Unpack[tuple[Any, ...]]])
    assert_type(u.transpose(), NDArray[float64, Unpack[tuple[Any, ...]]])


def keys_typed_any(emit: NDArray[float64, State, Symbol], a: Any) -> None:
    # a key (or a key item) typed Any may be an int, a slice or an array: no shape is guessed, and
    # the result is never Unknown (with the ints first, `x[a]` matched rules whose results differ)
    unknown_shape = NDArray[float64, Unpack[tuple[Any, ...]]]
    assert_type(emit[a], unknown_shape)
    assert_type(emit[a, 0], unknown_shape)
    assert_type(emit[:, a], unknown_shape)
