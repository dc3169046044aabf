"""Reading array annotations: the one place that turns an array type into the engine's ArraySpec.

Every entry point reads annotations here: `check` and the jaxtyped wrappers (through the
compiled checkers of typecheck.py), `isinstance`, `is_array`/`as_array`, `filter`, `is_super`,
`in_same_class` and `is_valid_value`. So what one accepts, all accept, and what one refuses, all
refuse with the same AnnotationError.

The spellings: ndtyping's `NDArray[float32, N, Literal[3]]`, the jaxtyping-style annotation
classes (`Float32[np.ndarray, "n 3"]`), numpy's own `npt.NDArray[np.float32]`
(`np.ndarray[tuple[Any, ...], np.dtype[np.float32]]`: its dtype and, where it says more than
`tuple[Any, ...]`, its shape are checked). An annotation object says what it is through an
`_ndt_spec` attribute (the annotation classes, NDArray's aliases and NDArray itself carry one),
so this module depends on no annotation class: the classes depend on it.

A DimensionVar is the named dim of its name, `Literal[n]` a fixed size, `Any` (or `int`) an
unchecked axis, a ShapeVar `*name`, and `*tuple[Any, ...]` `...`.
"""

from __future__ import annotations

import functools
import sys
import typing
from typing import Any, Optional, TypeVar

from .._compat import TypeVarTuple, Unpack
from .._errors import AnnotationError
from .dtypes import CATEGORIES, DTypeCategory, dtype_name
from .engine import ArraySpec, safe_repr
from .grammar import ANY, FIXED, NAMED, VARIADIC, Dim, ShapeSpec, normalise_name

__all__ = ["BARE_NDARRAY", "SPELLINGS", "alias_target", "array_spec", "as_spec", "numpy_alias_spec", "spec_of"]


class _Spellings:
    """The classes of each spelling, registered by the modules that define them (ndarray.py,
    annotations.py) when they load: what builds a type of a given spelling (type_contract.clone)
    reaches them here, below those modules, so that nothing imports its way back up to them."""

    ndarray: Any = None  # NDArray
    array_meta: Any = None  # ArrayAnnotationMeta, the metaclass of `Float32[np.ndarray, "n"]`
    category_meta: Any = None  # DTypeCategoryMeta, the metaclass of `Float32`
    abstract_dtype: Any = None  # AbstractDtype, the base of the categories


SPELLINGS = _Spellings()

# `NDArray` on its own: any dtype, any shape.
BARE_NDARRAY = ArraySpec(None, CATEGORIES["Shaped"], ShapeSpec((Dim(VARIADIC, text="..."),), 0, "..."), "NDArray")


def array_spec(annotation: Any) -> Optional[ArraySpec]:
    """The ArraySpec of an array annotation in any spelling, or None for any other annotation."""
    spec = getattr(annotation, "_ndt_spec", None)
    if isinstance(spec, ArraySpec):
        return spec
    return numpy_alias_spec(annotation)


def as_spec(annotation: Any, function: str = "as_spec") -> ArraySpec:
    """The ArraySpec of an array type given to `function` (an ArraySpec is itself; a bare dtype
    category such as `Float` is any array of it), or AnnotationError naming `function`."""
    if isinstance(annotation, ArraySpec):
        return annotation
    spec = array_spec(annotation)
    seen = 0
    while spec is None and seen < 16:  # a type alias of an array type (numpy 2.5's npt.NDArray is one)
        annotation_value = alias_target(annotation)
        if annotation_value is None:
            break
        annotation, seen = annotation_value, seen + 1
        spec = array_spec(annotation)
    if spec is None:
        spec = getattr(annotation, "_ndt_category_spec", None)  # bare `Float`: any floating array, any shape
    if isinstance(spec, ArraySpec):
        return spec
    raise AnnotationError(
        f'{function}() takes array types such as NDArray[float32, N] or Float32[np.ndarray, "n"], '
        f"not {safe_repr(annotation, 120)}"
    )


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
    """The engine spec of a subscripted NDArray (`NDArray[float32, N]`, cached per alias)."""
    try:
        return _spec_cached(annotation)
    except TypeError:  # unhashable argument somewhere: translate without the cache
        return _spec(annotation)


@functools.lru_cache(maxsize=1024)
def _spec_cached(annotation: Any) -> ArraySpec:
    return _spec(annotation)


def _spec(annotation: Any) -> ArraySpec:
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


def _spellings(name: str, own: Any) -> tuple[Any, ...]:
    """`typing.X` and, if the user imported it, `typing_extensions.X` (never imported here: it
    costs milliseconds at `import ndtyping`, and an annotation that uses it has imported it)."""
    extensions = sys.modules.get("typing_extensions")
    return tuple({own, getattr(typing, name, own), getattr(extensions, name, own)})


# --------------------------------------------------------------------------- type aliases


def _alias_types() -> tuple[type, ...]:
    """typing's TypeAliasType (3.12+) and, if the user imported it, typing_extensions' backport."""
    extensions = sys.modules.get("typing_extensions")
    found = {getattr(typing, "TypeAliasType", None), getattr(extensions, "TypeAliasType", None)}
    return tuple(t for t in found if isinstance(t, type))


def alias_target(annotation: Any) -> Any:
    """What the type alias `annotation` stands for (a generic one substituted), or None when it is
    no alias, or its value names something not defined yet."""
    value_of = _alias_value(annotation)
    if value_of is None:
        return None
    try:
        return value_of()
    except NameError:
        return None


def _alias_value(annotation: Any) -> Any:
    """For a type alias (or a subscripted generic one), a function that evaluates what it stands
    for (its value may name things defined later); None for anything else."""
    kinds = _alias_types()
    if not kinds:  # <=3.11 without typing_extensions' backport: no alias objects exist
        return None
    if isinstance(annotation, kinds):
        return lambda: annotation.__value__
    origin = typing.get_origin(annotation)
    if origin is not None and isinstance(origin, kinds):
        args = typing.get_args(annotation)

        def substituted() -> Any:
            value = origin.__value__
            parameters = getattr(origin, "__type_params__", ())
            if value in parameters and len(args) == len(parameters):
                return args[parameters.index(value)]  # `type Same[T] = T`: a TypeVar has no [...]
            try:
                return value[args]  # `type V[T] = list[T]`; V[int] is list[int]
            except TypeError:
                return value  # its parameters cannot be substituted: checked with their bounds

        return substituted
    return None
