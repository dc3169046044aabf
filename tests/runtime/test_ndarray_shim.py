"""NDArray[...] at runtime: typing introspection, pickling, axis(), and agreement with strings."""

from __future__ import annotations

import copy
import pickle
import typing
from typing import Any, Literal

import numpy as np
import pytest
from typing_extensions import Unpack

import ndtyping
from ndtyping import AnnotationError, DimensionVar, Float32, NDArray, ShapeVar, check, float32

Batch = DimensionVar("Batch")
Row = DimensionVar("Row")
Channel = DimensionVar("Channel")
Rest = ShapeVar("Rest")


def a(*shape: int, dtype: object = np.float32) -> np.ndarray:
    return np.zeros(shape, dtype=dtype)


def test_numpy_scalar_types_are_reexported() -> None:
    assert ndtyping.float32 is np.float32 and ndtyping.int64 is np.int64 and ndtyping.bool_ is np.bool_


def test_typing_introspection() -> None:
    alias = NDArray[float32, Batch, Literal[3]]
    assert typing.get_origin(alias) is NDArray
    assert typing.get_args(alias) == (float32, Batch, Literal[3])


def test_pickle_and_deepcopy() -> None:
    alias = NDArray[float32, Batch, Literal[3]]
    assert pickle.loads(pickle.dumps(alias)) == alias
    assert copy.deepcopy(alias) == alias
    assert isinstance(a(2, 3), pickle.loads(pickle.dumps(alias)))


@pytest.mark.parametrize(
    ("generic", "string", "shapes_ok", "shapes_bad"),
    [
        (NDArray[float32, Batch, Row], "Batch Row", [(2, 3)], [(2,), (2, 3, 4)]),
        (NDArray[float32, Batch, Batch], "Batch Batch", [(3, 3)], [(3, 4)]),
        (NDArray[float32, Literal[3], Any], "3 _", [(3, 9)], [(4, 9)]),
        (NDArray[float32, Unpack[tuple[Any, ...]], Literal[2]], "... 2", [(2,), (5, 2)], [(2, 5)]),
        (NDArray[float32, Unpack[Rest], Row], "*Rest Row", [(1,), (4, 5, 1)], [()]),
        (NDArray[float32], "", [()], [(1,)]),
    ],
)
def test_generic_and_string_agree(generic: Any, string: str, shapes_ok: list[Any], shapes_bad: list[Any]) -> None:
    spelled = Float32[np.ndarray, string]
    for shape in shapes_ok + shapes_bad:
        x = a(*shape)
        assert isinstance(x, generic) == isinstance(x, spelled), shape
    assert all(isinstance(a(*s), generic) for s in shapes_ok)
    assert not any(isinstance(a(*s), generic) for s in shapes_bad)


def test_abstract_dtypes() -> None:
    for dtype in (np.floating, np.floating[Any]):
        assert isinstance(a(2, dtype=np.float16), NDArray[dtype, Batch])  # type: ignore[valid-type]
        assert not isinstance(a(2, dtype=np.int8), NDArray[dtype, Batch])  # type: ignore[valid-type]
    assert isinstance(a(2, dtype=np.int8), NDArray[np.integer[Any], Batch])
    assert isinstance(a(2, dtype=np.uint8), NDArray[np.unsignedinteger[Any], Batch])
    assert not isinstance(a(2, dtype=np.int8), NDArray[np.unsignedinteger[Any], Batch])
    assert isinstance(a(2, dtype=np.bool_), NDArray[np.generic, Batch])
    assert isinstance(a(2, dtype=np.bool_), NDArray[np.bool_, Batch])


def test_axis() -> None:
    image = NDArray[float32, Unpack[Rest], Row, Channel]
    assert image.axis(Channel) == -1 and image.axis(Row) == -2
    plain = NDArray[float32, Batch, Row, Channel]
    assert plain.axis(Row) == 1
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    assert np.mean(x, axis=plain.axis(Channel)).shape == (2, 3)
    with pytest.raises(AnnotationError, match="no axis named"):
        plain.axis(DimensionVar("Other"))


def test_bare_ndarray() -> None:
    assert isinstance(a(2, 3), NDArray)
    assert not isinstance([1, 2], NDArray)
    with pytest.raises(TypeError, match="not a constructor"):
        NDArray()


@pytest.mark.parametrize("bad", [3, "n", 2.5, Literal[-1], Literal["a"], list[int]])
def test_bad_dimensions_fail_where_written(bad: Any) -> None:
    with pytest.raises(AnnotationError):
        NDArray[float32, bad]  # type: ignore[misc]


def test_bad_dtype_fails_where_written() -> None:
    with pytest.raises(AnnotationError, match="is not a dtype"):
        NDArray["float32", Batch]  # type: ignore[misc]


def test_two_variadics_rejected() -> None:
    with pytest.raises(AnnotationError, match="variadic"):
        NDArray[float32, Unpack[Rest], Unpack[tuple[Any, ...]]]


def test_check_binds_generic_dims_with_return() -> None:
    @check
    def transpose(x: NDArray[float32, Batch, Row]) -> NDArray[float32, Row, Batch]:
        return x.T

    assert transpose(a(2, 3)).shape == (3, 2)

    @check
    def wrong(x: NDArray[float32, Batch, Row]) -> NDArray[float32, Row, Batch]:
        return x

    with pytest.raises(ndtyping.ShapeError, match="dim Row: 2 here, but x bound it to 3"):
        wrong(a(2, 3))


def test_shaped_array_is_ndarray_with_a_shape_tuple() -> None:
    from ndtyping import ShapedArray

    assert ShapedArray[float32, tuple[Batch, Row]] == NDArray[float32, Batch, Row]
    assert ShapedArray[float32, tuple[()]] == NDArray[float32]
    assert isinstance(a(2, 3), ShapedArray[float32, tuple[Any, ...]])
    with pytest.raises(AnnotationError, match="tuple type"):
        ShapedArray[float32, Batch]
