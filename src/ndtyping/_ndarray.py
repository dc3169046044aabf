"""`NDArray[DType, *Shape]`, `DimensionVar` and `ShapeVar` at runtime.

Type checkers read `_ndarray.pyi`, where NDArray is the shape-typed array protocol. At
runtime NDArray is a real `Generic[DType, *Shape]` class whose subscriptions are ordinary
typing aliases (so `get_origin`/`get_args` and pickling work) that also support
`isinstance` and `.axis()`. Each alias is translated once into the same ArraySpec the
string grammar produces: a DimensionVar is the named dim of its name, `Literal[n]` a fixed
size, `Any` (or `int`) an unchecked axis, a ShapeVar `*name`, and `*tuple[Any, ...]` `...`.
"""

from __future__ import annotations

import functools
import sys
import typing
from typing import Any, Generic, Optional, TypeVar

from ._compat import TypeVarTuple, Unpack
from ._dtypes import CATEGORIES, DTypeCategory, dtype_name
from ._engine import ArraySpec
from ._errors import AnnotationError
from ._fastpath import fits_for
from ._grammar import ANY, FIXED, NAMED, VARIADIC, Dim, ShapeSpec, normalise_name
from ._type_value import TypeAsValue

__all__ = ["NDArray", "ShapedArray", "DimensionVar", "ShapeVar", "is_generic_array", "describe_generic", "spec_of"]

DimensionVar = TypeVar  # a dimension is a type variable to the checker: DimensionVar("Row")
ShapeVar = TypeVarTuple  # any number of axes: ShapeVar("Batch"), used as *Batch

_DType = TypeVar("_DType", covariant=True)
_Shape = TypeVarTuple("_Shape")


def _spellings(name: str, own: Any) -> tuple[Any, ...]:
    """`typing.X` and, if the user imported it, `typing_extensions.X` (never imported here: it
    costs milliseconds at `import ndtyping`, and an annotation that uses it has imported it)."""
    extensions = sys.modules.get("typing_extensions")
    return tuple({own, getattr(typing, name, own), getattr(extensions, name, own)})


class _NDArrayAlias(typing._GenericAlias, TypeAsValue, _root=True):  # type: ignore[call-arg, misc, name-defined]
    """`NDArray[...]`: a typing alias that `isinstance` and `check` understand."""

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


def numpy_alias_spec(annotation: Any) -> Optional[ArraySpec]:
    """numpy's own spelling, `npt.NDArray[np.float32]` = `np.ndarray[tuple[Any, ...], np.dtype[np.float32]]`:
    the dtype (and the shape, where it says more than `tuple[Any, ...]`) is checked, not only the class."""
    origin = typing.get_origin(annotation)
    numpy = sys.modules.get("numpy")
    if numpy is None or not isinstance(origin, type) or not issubclass(origin, numpy.ndarray):
        return None
    args = typing.get_args(annotation)
    if len(args) != 2:
        return None
    shape_arg, dtype_arg = args
    scalar = typing.get_args(dtype_arg)[0] if typing.get_origin(dtype_arg) is numpy.dtype else Any
    category, dtype_label = _category(scalar)
    if typing.get_origin(shape_arg) is tuple:
        items = typing.get_args(shape_arg)
        if items == ((),):  # tuple[()]: a 0-d array
            items = ()
        if len(items) == 2 and items[1] is Ellipsis:
            dims = _dims(Unpack[tuple[items[0], ...]], annotation)  # type: ignore[valid-type]
        else:
            dims = [dim for item in items for dim in _dims(item, annotation)]
    else:  # Any, a TypeVar: any shape
        dims = [Dim(VARIADIC, text="...")]
    variadics = [i for i, d in enumerate(dims) if d.kind == VARIADIC]
    shape = ShapeSpec(tuple(dims), variadics[0] if variadics else None, " ".join(d.text for d in dims))
    return ArraySpec((origin,), category, shape, f"{origin.__name__}[{dtype_label}, ({shape.text})]")


def spec_of(annotation: Any) -> ArraySpec:
    """The engine spec of an NDArray annotation (cached per alias)."""
    try:
        return _spec_cached(annotation)
    except TypeError:  # unhashable argument somewhere: translate without the cache
        return _spec(annotation)


@functools.lru_cache(maxsize=1024)
def _spec_cached(annotation: Any) -> ArraySpec:
    return _spec(annotation)


def _spec(annotation: Any) -> ArraySpec:
    if annotation is NDArray:
        return ArraySpec(None, CATEGORIES["Shaped"], ShapeSpec((Dim(VARIADIC, text="..."),), 0, "..."), "NDArray")
    args = typing.get_args(annotation)
    if not args:
        raise AnnotationError(f"{annotation!r} has no dtype; write NDArray[float32, ...]")
    dtype, dims_args = args[0], args[1:]
    category, dtype_label = _category(dtype)
    dims: list[Dim] = []
    labels = [dtype_label]
    for arg in dims_args:
        for dim in _dims(arg, annotation):
            dims.append(dim)
            labels.append(dim.text)
    variadics = [i for i, d in enumerate(dims) if d.kind == VARIADIC]
    if len(variadics) > 1:
        raise AnnotationError(
            f"NDArray[{', '.join(labels)}] has {len(variadics)} variadic parts; at most one is allowed"
        )
    shape = ShapeSpec(tuple(dims), variadics[0] if variadics else None, " ".join(d.text for d in dims))
    return ArraySpec(None, category, shape, f"NDArray[{', '.join(labels)}]")


def _plain_repr(annotation: Any) -> str:
    generic_alias: Any = typing._GenericAlias  # type: ignore[attr-defined]
    return generic_alias.__repr__(annotation) if isinstance(annotation, generic_alias) else repr(annotation)


def _dims(arg: Any, whole: Any) -> list[Dim]:
    if isinstance(arg, (str, typing.ForwardRef)):
        text = arg if isinstance(arg, str) else arg.__forward_arg__
        raise AnnotationError(
            f"{text!r} in {_plain_repr(whole)}: NDArray dimensions are DimensionVars, Literal[n], Any or "
            '*ShapeVar; for a shape string use the jaxtyping spelling, e.g. Float32[np.ndarray, "n m"]'
        )
    unpack_origins = _spellings("Unpack", Unpack)
    typevartuples = _spellings("TypeVarTuple", TypeVarTuple)
    # <=3.10: typing_extensions' Unpack[...] poses as a TypeVar, so it is recognised first.
    origin = typing.get_origin(arg)
    if isinstance(arg, TypeVar) and origin not in unpack_origins:
        return [Dim(NAMED, normalise_name(arg.__name__), text=arg.__name__)]
    if arg is Any or arg is int:
        return [Dim(ANY, text="Any")]
    if origin in _spellings("Literal", typing.Literal):
        values = typing.get_args(arg)
        if len(values) != 1 or isinstance(values[0], bool) or not isinstance(values[0], int) or values[0] < 0:
            raise AnnotationError(f"a Literal dimension holds one non-negative int, e.g. Literal[3]; got {arg!r}")
        return [Dim(FIXED, size=values[0], text=str(values[0]))]
    inner = None
    if origin in unpack_origins:
        inner = typing.get_args(arg)[0]
    elif getattr(arg, "__unpacked__", False):  # 3.11+: *tuple[...]
        inner = tuple[typing.get_args(arg)]  # type: ignore[misc]
    elif isinstance(arg, typevartuples):
        inner = arg
    if inner is not None:
        if isinstance(inner, typevartuples):
            name = inner.__name__
            return [Dim(VARIADIC, normalise_name(name), text=f"*{name}")]
        if typing.get_origin(inner) is tuple:
            items = typing.get_args(inner)
            if len(items) == 2 and items[1] is Ellipsis:
                if items[0] in (Any, int):
                    return [Dim(VARIADIC, text="*tuple[Any, ...]")]
                raise AnnotationError(f"only *tuple[Any, ...] is allowed as anonymous axes, not {arg!r}")
            return [d for item in items for d in _dims(item, whole)]
    raise AnnotationError(
        f"{arg!r} in {_plain_repr(whole)} is not a dimension: use a DimensionVar, Literal[n], Any, "
        "*ShapeVar or *tuple[Any, ...]"
    )


_ABSTRACT = {
    "generic": "Shaped",
    "number": "Num",
    "inexact": "Inexact",
    "floating": "Float",
    "complexfloating": "Complex",
    "integer": "Integer",
    "signedinteger": "Int",
    "unsignedinteger": "UInt",
}


def _category(dtype: Any) -> tuple[DTypeCategory, str]:
    if dtype is Any:
        return CATEGORIES["Shaped"], "Any"
    if isinstance(dtype, TypeVar):  # a generic alias not yet specialised: its bound, or any dtype
        if dtype.__bound__ is not None:
            return _category(dtype.__bound__)[0], dtype.__name__
        return CATEGORIES["Shaped"], dtype.__name__
    origin = typing.get_origin(dtype)
    if origin is not None:  # np.floating[Any]: the subscript says nothing more at runtime
        dtype = origin
    if isinstance(dtype, type):
        module = dtype.__module__.split(".", 1)[0]
        if module == "numpy" and dtype.__name__ in _ABSTRACT:
            label = _ABSTRACT[dtype.__name__]
            return CATEGORIES[label], dtype.__name__
        try:
            import numpy

            name = dtype_name(numpy.dtype(dtype))  # the name the engine gives arrays of this dtype
        except Exception:
            name = None
        if name is not None:
            return DTypeCategory(name, frozenset({name})), name
    raise AnnotationError(
        f"{dtype!r} is not a dtype: the first argument of NDArray is a numpy scalar type such as "
        "float32, np.floating or np.generic"
    )
