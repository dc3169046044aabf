# What static checkers see of ndtyping._ndarray (the runtime module is a typing shim).
from typing import Any, Protocol, TypeVar

import numpy as np
from typing_extensions import TypeVarTuple, Unpack

from ._engine import ArraySpec

__all__ = ["NDArray", "DimensionVar", "ShapeVar", "is_generic_array", "describe_generic", "spec_of"]

# A dimension is a type variable to the checker, and a shape variable a TypeVarTuple.
DimensionVar = TypeVar
ShapeVar = TypeVarTuple

_DType = TypeVar("_DType", bound=np.generic, covariant=True)
_Shape = TypeVarTuple("_Shape")

class NDArray(Protocol[_DType, Unpack[_Shape]]):
    """An array of dtype `_DType` whose shape is `tuple[*_Shape]`.

    The shape parameter is a TypeVarTuple, so it is invariant: two dimensions agree only
    when they are the same type variable or the same Literal size.
    """

    @property
    def shape(self) -> tuple[Unpack[_Shape]]: ...
    @property
    def dtype(self) -> np.dtype[_DType]: ...
    @property
    def ndim(self) -> int: ...
    @property
    def size(self) -> int: ...

def is_generic_array(annotation: Any) -> bool: ...
def describe_generic(annotation: Any) -> str | None: ...
def spec_of(annotation: Any) -> ArraySpec: ...
