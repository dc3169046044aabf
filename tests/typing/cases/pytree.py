"""PyTree[X] is a recursive union of containers of X: trees of X pass, other leaves fail."""

from collections import OrderedDict
from typing import Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

from ndtyping import Float, Shaped
from ndtyping._runtime.pytree import PyTree

Arr = npt.NDArray[Any]
F32 = npt.NDArray[np.float32]


class Pair(NamedTuple):
    left: int
    right: list[int]


def ints(tree: PyTree[int]) -> None:
    assert_type(tree, PyTree[int])


ints(1)
ints(None)
ints([1, (2, 3), {"a": 4, "b": None}, Pair(5, [6])])
ints(OrderedDict(a=1, b=[2]))
ints(["x"])  # pyright: ignore[reportArgumentType]
ints({"a": (1, "2")})  # pyright: ignore[reportArgumentType]
ints(1.5)  # pyright: ignore[reportArgumentType]


def arrays(params: PyTree[F32]) -> F32:
    if isinstance(params, np.ndarray):
        assert_type(params, F32)
        return params
    raise NotImplementedError


f32 = np.zeros(3, dtype=np.float32)
i32 = np.zeros(3, dtype=np.int32)
arrays({"w": f32, "layers": [f32, (f32, None)]})
arrays({"w": i32})  # pyright: ignore[reportArgumentType]
arrays(3)  # pyright: ignore[reportArgumentType]


# Array annotations are their array type statically, so the leaf is that type.
def annotated(params: PyTree[Float[Arr, "?n"], Literal["T"]], keys: PyTree[Shaped[Arr, ""]]) -> None:
    assert_type(params, PyTree[Arr, Literal["T"]])
    assert_type(keys, PyTree[Arr])


annotated({"a": np.zeros(3)}, [np.zeros(())])


# A tree of one structure is a tree (the structure argument is runtime-only).
def same(x: PyTree[int, Literal["T"]], y: PyTree[int]) -> PyTree[int]:
    ints(x)
    return y


def untyped(tree: PyTree) -> None:
    ints(tree)  # a bare PyTree is a tree of anything


untyped(object())


# The jaxtyping spelling works at runtime, but pyright reads the string as a forward reference.
def jaxtyping_spelling(x: PyTree[int, "T"]) -> None: ...  # pyright: ignore[reportUndefinedVariable, reportUnknownParameterType]
