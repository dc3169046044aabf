"""`NDArray[DType, *Shape]`, `DimensionVar` and `ShapeVar` at runtime.

Type checkers read the generated `_surface/ndarray.pyi`, where NDArray is the shape-typed array
protocol. At runtime NDArray is a real `Generic[DType, *Shape]` class whose subscriptions are
ordinary typing aliases (so `get_origin`/`get_args` and pickling work) that also support
`isinstance` and `.axis()`. Each alias is translated once (array_types.spec_of) into the same
ArraySpec the string grammar produces.
"""

from __future__ import annotations

import typing
from typing import Any, Generic, Optional, TypeVar

from .._compat import TypeVarTuple, Unpack
from .._errors import AnnotationError
from .array_types import BARE_NDARRAY, SPELLINGS, spec_of
from .engine import ArraySpec
from .fastpath import fits_for
from .grammar import NAMED
from .type_value import TypeAsValue

__all__ = ["NDArray", "ShapedArray", "DimensionVar", "ShapeVar", "is_generic_array", "describe_generic"]

DimensionVar = TypeVar  # a dimension is a type variable to the checker: DimensionVar("Row")
ShapeVar = TypeVarTuple  # any number of axes: ShapeVar("Batch"), used as *Batch

_DType = TypeVar("_DType", covariant=True)
_Shape = TypeVarTuple("_Shape")


class _NDArrayAlias(typing._GenericAlias, TypeAsValue, _root=True):  # type: ignore[call-arg, misc, name-defined]
    """`NDArray[...]`: a typing alias that `isinstance` and `check` understand."""

    @property
    def _ndt_spec(self) -> ArraySpec:
        """What every reader of annotations reads (see array_types.array_spec)."""
        return spec_of(self)

    def __instancecheck__(self, value: Any) -> bool:
        # First isinstance with this alias object: from now on its class is one made for its spec,
        # whose __instancecheck__ is the spec's compiled check (one Python call per isinstance).
        spec = spec_of(self)
        own = spec.alias_class
        if own is None:
            own = spec.alias_class = type(_NDArrayAlias)(
                "_NDArrayAlias",
                (_NDArrayAlias,),
                {"__instancecheck__": fits_for(spec), "__module__": __name__},
                _root=True,
            )
        self.__class__ = own  # pyright: ignore[reportAttributeAccessIssue]
        return fits_for(spec)(self, value)

    def copy_with(self, params: Any) -> Any:
        # A substituted alias (NDArray[T, N][float32]) means something else: it gets its own check.
        copy = super().copy_with(params)  # type: ignore[misc]
        if type(copy) is not _NDArrayAlias:
            copy.__class__ = _NDArrayAlias
        return copy

    def __subclasscheck__(self, cls: type) -> bool:
        raise TypeError(f"issubclass() is not defined for {describe_generic(self)}; use isinstance()")

    def axis(self, dim: Any) -> int:
        """The axis index of `dim` (a DimensionVar) in this annotation; negative after a variadic.

        `np.mean(image, axis=RGBImage.axis(Channel))`.
        """
        shape = spec_of(self).shape
        name = getattr(dim, "__name__", dim)
        for index, axis in enumerate(shape.dims):
            if axis.kind == NAMED and axis.name == name:
                if shape.variadic is not None and index > shape.variadic:
                    return index - len(shape.dims)
                return index
        raise AnnotationError(f"{describe_generic(self)} has no axis named {name!r}")

    def __repr__(self) -> str:
        try:
            return describe_generic(self) or super().__repr__()
        except AnnotationError:
            return super().__repr__()


class _NDArrayMeta(type):
    @property
    def _ndt_spec(cls) -> Optional[ArraySpec]:
        return BARE_NDARRAY if cls is NDArray else None

    def __instancecheck__(cls, value: Any) -> bool:
        if cls is not NDArray:
            return super().__instancecheck__(value)
        return hasattr(value, "shape") and hasattr(value, "dtype")


class NDArray(Generic[_DType, Unpack[_Shape]], metaclass=_NDArrayMeta):
    """An array annotation: `NDArray[float32, Batch, Literal[3]]` (see the static stub)."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("NDArray is an annotation, not a constructor; make arrays with numpy or jax.numpy")

    def __class_getitem__(cls, params: Any) -> Any:
        alias = super().__class_getitem__(params)  # type: ignore[misc]
        if type(alias) is typing._GenericAlias:  # type: ignore[attr-defined]
            alias = _NDArrayAlias(alias.__origin__, alias.__args__)
            spec_of(alias)  # a malformed annotation fails here, where it is written
        return alias


SPELLINGS.ndarray = NDArray


class ShapedArray:
    """`ShapedArray[DType, tuple[N, M]]` is `NDArray[DType, N, M]` (the form type checkers print)."""

    __slots__ = ()

    def __class_getitem__(cls, params: Any) -> Any:
        if not isinstance(params, tuple) or len(params) != 2:
            raise AnnotationError(
                f"ShapedArray takes a dtype and a shape tuple type, e.g. ShapedArray[float32, tuple[N, M]]; got {params!r}"
            )
        dtype, shape = params
        if typing.get_origin(shape) is not tuple:
            raise AnnotationError(f"the shape of ShapedArray must be a tuple type such as tuple[N, M], not {shape!r}")
        dims = typing.get_args(shape)
        if dims == ((),):  # tuple[()]
            dims = ()
        if len(dims) == 2 and dims[1] is Ellipsis:
            return NDArray[(dtype, Unpack[tuple[dims[0], ...]])]  # type: ignore[misc]
        return NDArray[(dtype, *dims)]  # type: ignore[misc]


def is_generic_array(annotation: Any) -> bool:
    return annotation is NDArray or typing.get_origin(annotation) is NDArray


def describe_generic(annotation: Any) -> Optional[str]:
    """`NDArray[float32, Batch, 3]`-style text for messages, or None if not an NDArray alias."""
    if annotation is NDArray:
        return "NDArray"
    if typing.get_origin(annotation) is not NDArray:
        return None
    return spec_of(annotation).label
