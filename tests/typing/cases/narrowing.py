"""is_array narrows like isinstance (a TypeIs); as_array and filter return the annotated type."""

from typing import Any, Literal, Union

import numpy as np
import numpy.typing as npt
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, Float32, NDArray, ShapeVar, float32, float64, int32
from ndtyping._runtime.narrowing import as_array, is_array
from ndtyping._runtime.relations import filter, in_same_class, is_super, is_valid_value

N = DimensionVar("N")
M = DimensionVar("M")
Batch = ShapeVar("Batch")
L3 = Literal[3]


def narrows_object(x: object) -> None:
    if is_array(x, NDArray[float32, L3]):
        assert_type(x, NDArray[float32, L3])
    else:
        assert_type(x, object)


def narrows_a_union(x: Union[NDArray[float32, L3], list[float]]) -> None:
    if is_array(x, NDArray[float32, L3]):
        assert_type(x, NDArray[float32, L3])
    else:
        assert_type(x, list[float])  # TypeIs narrows the negative branch too


def narrows_to_one_dtype(x: Union[NDArray[float32, N], NDArray[int32, N]]) -> NDArray[float32, N]:
    if is_array(x, NDArray[float32, N]):
        return x
    assert_type(x, NDArray[int32, N])
    return x  # pyright: ignore[reportReturnType]  # the int32 arm is left


def narrowing_keeps_dimension_variables(x: object, like: NDArray[float32, N, M]) -> NDArray[float32, N, M]:
    if is_array(x, NDArray[float32, N, M]):
        return x
    return like


def narrowed_values_flow_into_shape_typed_code(x: object) -> None:
    def rows(m: NDArray[float32, N, M]) -> NDArray[float32, N]: ...

    if is_array(x, NDArray[float32, L3, Literal[4]]):
        assert_type(rows(x), NDArray[float32, L3])
    rows(x)  # pyright: ignore[reportArgumentType]  # not narrowed here


def variadic_narrowing(x: object) -> None:
    if is_array(x, NDArray[float64, Unpack[tuple[Any, ...]]]):
        assert_type(x, NDArray[float64, Unpack[tuple[Any, ...]]])


def as_array_returns_the_type(x: object, unknown: npt.NDArray[np.float32]) -> None:
    assert_type(as_array(x, NDArray[float32, L3]), NDArray[float32, L3])
    # `as_array` gives an array of unknown shape the checked shape (see narrowing_gradual.py for `is_array`).
    v = as_array(unknown, NDArray[float32, L3, Literal[4]])
    assert_type(v, NDArray[float32, L3, Literal[4]])
    assert_type(v.shape, tuple[L3, Literal[4]])
    bad: NDArray[float64, L3] = as_array(x, NDArray[float32, L3])  # pyright: ignore[reportAssignmentType]


def as_array_keeps_dimension_variables(x: object, like: NDArray[float32, Unpack[Batch], N]) -> NDArray[float32, Unpack[Batch], N]:
    y = as_array(x, NDArray[float32, Unpack[Batch], N])
    assert_type(y, NDArray[float32, Unpack[Batch], N])
    return y if y.ndim else like


def filter_returns_the_type() -> None:
    assert_type(filter(NDArray[float32, Literal[1], L3], [[1, 2, 3]]), NDArray[float32, Literal[1], L3])
    assert_type(filter(NDArray[float32, L3], [1, 2, 3], strict=False, allow_downcast=True), NDArray[float32, L3])


def jaxtyping_spelling_narrows_to_the_array_type(x: object) -> None:
    # To pyright `Float32[A, "n"]` is Annotated[A, "n"]: the narrowed type is A.
    if is_array(x, Float32[npt.NDArray[Any], "n"]):
        assert_type(x, npt.NDArray[Any])
    assert_type(as_array(x, Float32[npt.NDArray[Any], "n"]), npt.NDArray[Any])


def only_types_are_accepted(x: object) -> None:
    is_array(x, 3)  # pyright: ignore[reportArgumentType]
    as_array(x, "n")  # pyright: ignore[reportArgumentType]
    is_super(NDArray[float32, L3], [3])  # pyright: ignore[reportArgumentType]


def relations_are_plain_functions() -> None:
    assert_type(is_super(NDArray[float32, L3, Any], NDArray[float32, L3, Literal[1]]), bool)
    assert_type(in_same_class(NDArray[float32, L3], Float32[npt.NDArray[Any], "n"]), bool)
    assert_type(is_valid_value(NDArray[float32, L3], np.zeros(3, dtype=np.float32)), bool)


def methods_on_aliases_are_runtime_only() -> None:
    # The stub cannot give an alias methods: statically use the functions above.
    NDArray[float32, L3].is_super(NDArray[float32, L3])  # pyright: ignore[reportUnknownMemberType, reportAttributeAccessIssue]
