"""The rest of the type contract, through the public module functions (the methods are runtime only)."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

import ndtyping
from ndtyping import DimensionVar, Float32, NDArray, ShapeInfo, float16, float32

N = DimensionVar("N")
L3 = Literal[3]
T = NDArray[float32, L3]


def comparisons(a: npt.NDArray[np.float32], b: Any) -> None:
    # The values are checked at runtime: any value type is accepted statically.
    assert_type(ndtyping.values_eq(T, a, b), bool)
    assert_type(ndtyping.values_eq_approx(T, a, b), bool)
    assert_type(ndtyping.values_eq_approx(T, a, b, rtol=1e-3, atol=0), bool)
    assert_type(ndtyping.may_share_memory(T, a, a[1:]), bool)
    ndtyping.values_eq_approx(T, a, b, rtol="loose")  # pyright: ignore[reportArgumentType]


def sizes(x: npt.NDArray[np.float32]) -> None:
    info = ndtyping.get_shape_info(T, x)
    assert_type(info, ShapeInfo)
    assert_type(info.shape, tuple[int, ...])
    assert_type(info.dtype, np.dtype[Any])
    assert_type(ndtyping.get_size(T, info), int)
    assert_type(ndtyping.get_size(T), int)
    assert_type(ndtyping.get_size(Float32[npt.NDArray[np.float32], "*b n"], {"b": (2, 3), "n": 4}), int)
    assert_type(ndtyping.get_size(T, (3,)), int)
    ndtyping.get_size(T, 3)  # pyright: ignore[reportArgumentType]


def sizes_from_dimension_names(x: NDArray[float32, N, L3]) -> None:
    # A DimensionVar has a meaning in a type only where it is bound (here, by the signature).
    assert_type(ndtyping.get_size(NDArray[float32, N, L3], {"N": 64}), int)
    assert_type(ndtyping.get_size(NDArray[float32, N, L3], {N: 64}), int)


def clones() -> None:
    half: Any = ndtyping.clone(T, dtype=float16)
    batched: Any = ndtyping.clone(T, shape=(N, L3))
    ndtyping.clone(Float32[npt.NDArray[np.float32], "n 3"], shape="batch n 3")
    ndtyping.clone(T, float16)  # pyright: ignore[reportCallIssue]  # dtype and shape are keywords


def conversions(value: object, storage: NDArray[float32, L3]) -> None:
    assert_type(ndtyping.filter_inplace(T, [1, 2, 3], storage), NDArray[float32, L3])
    assert_type(ndtyping.filter_inplace(T, value, None, strict=True), NDArray[float32, L3])
    assert_type(ndtyping.convert(T, value), NDArray[float32, L3])
    assert_type(ndtyping.convert(T, value, allow_downcast=True), NDArray[float32, L3])
    bad: NDArray[float16, L3] = ndtyping.convert(T, value)  # pyright: ignore[reportAssignmentType]


def only_types_are_accepted(x: npt.NDArray[np.float32]) -> None:
    ndtyping.values_eq(3, x, x)  # pyright: ignore[reportArgumentType]
    ndtyping.convert("n", x)  # pyright: ignore[reportArgumentType]


def methods_on_aliases_are_runtime_only(x: npt.NDArray[np.float32]) -> None:
    T.values_eq(x, x)  # pyright: ignore[reportUnknownMemberType, reportAttributeAccessIssue]
