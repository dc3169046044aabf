"""The jaxtyping-style annotations: `Float[np.ndarray, "batch channels"]` and friends.

Subscripting a dtype category builds (once, cached) a plain class whose metaclass
implements `isinstance` through the shared engine, so beartype, typeguard and ndtyping's
own `check` can all use it. Nesting (`Float[Image, "batch"]`) prepends axes and
intersects dtype categories.
"""

from __future__ import annotations

import collections
import copyreg
import functools
import operator
import re
import types as _types
import typing
import weakref
from typing import Any, Optional, Union

from .._errors import AnnotationError, InstantiationError
from .array_types import SPELLINGS
from .dtypes import CATEGORIES, DTypeCategory, intersect
from .engine import ArraySpec
from .fastpath import fits_for
from .grammar import ANY_SHAPE, VARIADIC, join_specs, parse_shape
from .type_value import TypeAsValue

__all__ = [
    "AbstractArray", "AbstractDtype", "ArrayAnnotationMeta", "DTypeCategoryMeta", "get_array_name_format",
    "is_array_annotation", "make_category", "make_numpy_struct_dtype", "set_array_name_format",
]  # fmt: skip


class ArrayAnnotationMeta(TypeAsValue, type):
    """Metaclass of every array annotation: `isinstance` runs the engine; the type as a value
    (`is_super`, `filter`, ...) comes from TypeAsValue."""

    _ndt_spec: ArraySpec
    _ndt_key: tuple[Any, ...]

    def __instancecheck__(cls, value: Any) -> bool:
        # The spec's compiled check (made on first use). It is kept on the spec, not swapped in as
        # a metaclass of the class's own: a class whose metaclass is dynamic cannot be pickled by
        # value (cloudpickle), and the spec drops it when pickled.
        spec = cls._ndt_spec
        return (spec.fits or fits_for(spec))(cls, value)

    def __repr__(cls) -> str:
        return cls.__qualname__

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise InstantiationError(
            f"{cls.__qualname__} is an annotation and cannot be instantiated; build arrays with "
            "numpy or jax and annotate them with it"
        )


class DTypeCategoryMeta(type):
    """Metaclass of `Float`, `Int32`, ... (subclasses of AbstractDtype): subscripting builds an array annotation."""

    _ndt_category: Optional[DTypeCategory]

    def __getitem__(cls, item: Any) -> Any:
        category = cls._ndt_category
        if category is None:
            raise AnnotationError(
                "AbstractDtype is the base of the dtype categories: subclass it with a `dtypes` "
                'attribute (class MyDtype(AbstractDtype): dtypes = ["my_dtype"]) and subscript that'
            )
        if not isinstance(item, tuple) or len(item) != 2:
            raise AnnotationError(
                f"{cls.__name__}[...] takes an array type and a shape string, e.g. "
                f'{cls.__name__}[np.ndarray, "batch channels"]; got {item!r}'
            )
        array_type, shape = item
        if not isinstance(shape, str):
            raise AnnotationError(
                f'the shape in {cls.__name__}[{_name(array_type)}, {shape!r}] must be a string such as "batch channels"'
            )
        array_type = _unalias(array_type)
        members = _annotation_union_members(array_type)
        if members is not None:
            return _distribute(cls, members, shape)
        scalars, array_type = _split_python_scalars(array_type)
        if not scalars:
            return _build(cls, _normalise_types(array_type), shape)
        # Python's bool/int/float/complex have no .shape: as jaxtyping does, each one stays itself
        # when its kind is in the category and the shape allows rank 0, and is dropped otherwise.
        parsed = parse_shape(shape)
        kept = [t for t in scalars if _scalar_fits(t, category, parsed)]
        if array_type is None:
            if not kept:
                raise AnnotationError(
                    f"{cls.__name__}[{' | '.join(t.__name__ for t in scalars)}, {shape!r}]: a Python "
                    f"{' or '.join(t.__name__ for t in scalars)} is never a {cls.__name__} array of shape {shape!r}"
                )
            return functools.reduce(operator.or_, kept) if len(kept) > 1 else kept[0]
        annotation = _build(cls, _normalise_types(array_type), shape)
        # `X | float`, not typing.Union: isinstance works on the former only (see _distribute).
        return functools.reduce(operator.or_, kept, annotation)

    def __repr__(cls) -> str:
        return cls.__name__

    def __instancecheck__(cls, value: Any) -> bool:
        # `isinstance(x, Float)`: any array of a floating dtype, any shape.
        return isinstance(value, _build(cls, None, "..."))

    @property
    def _ndt_category_spec(cls) -> ArraySpec:
        """The bare category as an array type (`is_super(Float, T)`): any array of it, any shape."""
        return _build(cls, None, "...")._ndt_spec

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise InstantiationError(
            f"{cls.__name__} is a dtype category and cannot be instantiated; perhaps you meant "
            f'{cls.__name__}[np.ndarray, "shape"]'
        )


class AbstractDtype(metaclass=DTypeCategoryMeta):
    """The base of every dtype category (`Float`, `Int32`, ...), and the way to add your own.

    A subclass names its dtypes in `dtypes`: a dtype name, a compiled regular expression
    (matched against the whole name), or a list of them. An array's dtype is named by
    `str(x.dtype)`, so duck arrays whose `.dtype` is a string work too::

        class Half(AbstractDtype):
            dtypes = ["float16", "bfloat16"]

        Half[np.ndarray, "n"]
    """

    _ndt_category: Optional[DTypeCategory] = None
    dtypes: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_ndt_category" in cls.__dict__:  # ndtyping's own categories
            return
        cls._ndt_category = _user_category(cls.__name__, cls.__dict__.get("dtypes", _UNSET))
        cls.dtypes = _dtypes_attribute(cls._ndt_category)


_UNSET: Any = object()


def _user_category(label: str, dtypes: Any) -> DTypeCategory:
    if dtypes is _UNSET:
        raise AnnotationError(
            f"class {label}(AbstractDtype) needs a `dtypes` attribute: a dtype name, a compiled regular "
            'expression, or a list of them, e.g. dtypes = ["float16", "bfloat16"]'
        )
    items = [dtypes] if isinstance(dtypes, (str, re.Pattern)) else list(dtypes)
    names, patterns = [], []
    for item in items:
        if isinstance(item, str):
            names.append(item)
            if item == "bool_":  # numpy's old name; ndtyping names it "bool"
                names.append("bool")
        elif isinstance(item, re.Pattern):
            patterns.append(item)
        else:
            raise AnnotationError(
                f"{label}.dtypes holds {item!r}; each entry must be a dtype name or a compiled regular expression"
            )
    return DTypeCategory(label, frozenset(names), patterns=tuple(patterns))


def _dtypes_attribute(category: DTypeCategory) -> Any:
    """jaxtyping's `dtypes` attribute: the names (and patterns) of a category, or "any" for Shaped."""
    if category.names is None:
        return "any"
    return (*sorted(category.names), *category.patterns)


def make_numpy_struct_dtype(dtype: Any, name: str) -> Any:
    """A dtype category that holds exactly one numpy structured dtype (field names, order and types).

    `Label = make_numpy_struct_dtype(np.dtype([("a", np.uint8), ("b", bool)]), "Label")`, then
    `Label[np.ndarray, "n"]` like any other category.
    """
    import numpy as np

    if not isinstance(dtype, np.dtype) or dtype.fields is None:
        raise AnnotationError(f"make_numpy_struct_dtype() takes a numpy structured dtype, not {dtype!r}")
    return DTypeCategoryMeta(name, (AbstractDtype,), {"dtypes": [str(dtype)], "__module__": "builtins"})


@functools.cache
def make_category(label: str) -> type:
    category = CATEGORIES[label]
    return DTypeCategoryMeta(
        label,
        (AbstractDtype,),
        {"_ndt_category": category, "dtypes": _dtypes_attribute(category), "__module__": "ndtyping"},
    )


# jaxtyping's name format for annotation classes: "dtype_and_shape" (`Float[ndarray, "b c"]`) or
# "array" (`ndarray`, shorter in generated documentation). Error messages always say both.
_NAME_FORMATS = ("dtype_and_shape", "array")
_name_format = ["dtype_and_shape"]


def get_array_name_format() -> str:
    """How array annotations name themselves (`__name__`, `repr`): "dtype_and_shape" or "array"."""
    return _name_format[0]


def set_array_name_format(value: str) -> None:
    """Set how annotations built from now on name themselves: "dtype_and_shape" (default) or "array"."""
    if value not in _NAME_FORMATS:
        raise AnnotationError(f"array name format {value!r} is not one of {', '.join(map(repr, _NAME_FORMATS))}")
    _name_format[0] = value


def is_array_annotation(obj: Any) -> bool:
    return isinstance(obj, ArrayAnnotationMeta)


def _name(obj: Any) -> str:
    return getattr(obj, "__qualname__", None) or repr(obj)


def _annotation_union_members(array_type: Any) -> Optional[tuple[ArrayAnnotationMeta, ...]]:
    """The members of a union made only of array annotations, else None."""
    if typing.get_origin(array_type) is Union or isinstance(array_type, _types.UnionType):
        members = typing.get_args(array_type)
        if all(isinstance(m, ArrayAnnotationMeta) for m in members):
            return members
    return None


def _distribute(cls: Any, members: tuple[ArrayAnnotationMeta, ...], shape: str) -> Any:
    """`Shaped[Key[A, ""] | UInt32[A, "2"], "2"]` is `Key[A, "2"] | UInt32[A, "2 2"]`.

    Members whose dtypes cannot be `category` are dropped (`UInt32[PRNGKeyArray, "n"]` keeps the
    uint32 keys). The result is a `X | Y` union, for which `isinstance` works (typing.Union's does not).
    """
    category = cls._ndt_category
    possible = [m for m in members if not intersect(category, m._ndt_spec.category).is_empty()] or [members[0]]
    return functools.reduce(operator.or_, [_build(cls, member, shape) for member in possible])


_PYTHON_SCALARS = (bool, int, float, complex)
# The dtype names each Python scalar stands for (jaxtyping's rule: the category holds a dtype
# whose name starts with the scalar's kind).
_SCALAR_KIND = {bool: "bool", int: "int", float: "float", complex: "complex"}


def _unalias(array_type: Any) -> Any:
    """The array part as the classes it means: a TypeVar by its bound or constraints, a
    `type X = ...` alias by its value, numpy's ArrayLike with the Python scalars it stands for."""
    if isinstance(array_type, typing.TypeVar):
        if array_type.__bound__ is not None:
            return _unalias(array_type.__bound__)
        if array_type.__constraints__:
            return _unalias(Union[array_type.__constraints__])  # type: ignore[arg-type]
        return Any
    if _is_numpy_array_like(array_type):
        # numpy 2.x spells it with `complex` alone (PEP 484 reads that as int | float | complex);
        # the Python scalars are named here so that each is judged on its own. (numpy 2.5 makes
        # it a `type` alias.)
        value = array_type.__value__ if _is_type_alias(array_type) else array_type
        return _unalias(Union[(*typing.get_args(value), *_PYTHON_SCALARS)])
    if _is_type_alias(array_type):  # 3.12+: `type X = ...`
        return _unalias(array_type.__value__)
    origin = typing.get_origin(array_type)
    if _is_type_alias(origin):  # a generic alias subscripted, `X[int]` (numpy's _DualArrayLike[...])
        value = origin.__value__
        free = getattr(value, "__parameters__", ())
        if free:
            given = dict(zip(origin.__type_params__, typing.get_args(array_type)))
            value = value[tuple(given.get(p, p) for p in free)]
        return _unalias(value)
    if typing.get_origin(array_type) is Union or isinstance(array_type, _types.UnionType):
        members = tuple(_unalias(m) for m in typing.get_args(array_type))
        return Union[members]  # type: ignore[return-value]
    return array_type


def _is_type_alias(obj: Any) -> bool:
    return type(obj).__name__ == "TypeAliasType" and hasattr(obj, "__value__")


def _is_numpy_array_like(array_type: Any) -> bool:
    import sys

    typing_module = sys.modules.get("numpy.typing")
    return typing_module is not None and array_type is getattr(typing_module, "ArrayLike", None)


def _split_python_scalars(array_type: Any) -> tuple[list[type], Any]:
    """The Python scalar types in the array part, and the rest (None if nothing is left)."""
    if array_type in _PYTHON_SCALARS:
        return [array_type], None
    if typing.get_origin(array_type) is Union or isinstance(array_type, _types.UnionType):
        members = typing.get_args(array_type)
        scalars = [m for m in members if m in _PYTHON_SCALARS]
        if scalars:
            rest = [m for m in members if m not in _PYTHON_SCALARS]
            if not rest:
                return scalars, None
            return scalars, rest[0] if len(rest) == 1 else Union[tuple(rest)]
    return [], array_type


def _scalar_fits(scalar: type, category: DTypeCategory, shape: Any) -> bool:
    if any(dim.kind != VARIADIC for dim in shape.dims):
        return False  # a Python scalar has rank 0
    if category.names is None:
        return True
    kind = _SCALAR_KIND[scalar]
    if any(name.startswith(kind) for name in category.names):
        return True
    return any(category.contains(kind + bits) for bits in ("", "8", "16", "32", "64"))


def _normalise_types(array_type: Any) -> Any:
    """Turn the array part into a hashable key: an annotation, a tuple of classes, or None."""
    if isinstance(array_type, ArrayAnnotationMeta):
        return array_type
    if array_type is Any or array_type is object:
        return None
    origin = typing.get_origin(array_type)
    if origin is Union or isinstance(array_type, _types.UnionType):
        members = typing.get_args(array_type)
        if any(member is Any or member is object for member in members):
            return None  # one member takes any array type: the union does too
        flat: list[type] = []
        for member in members:
            flat.extend(_classes(member, array_type))
        return tuple(flat)
    return tuple(_classes(array_type, array_type))


def _classes(member: Any, whole: Any) -> list[type]:
    if isinstance(member, type):
        return [member]
    origin = typing.get_origin(member)
    if isinstance(origin, type):  # np.ndarray[Any, Any], npt.NDArray[np.float32]
        return [origin]
    raise AnnotationError(
        f"the array type in an annotation must be a class such as np.ndarray or jax.Array, not {whole!r}"
    )


class AbstractArray(metaclass=ArrayAnnotationMeta):
    """The base class of every array annotation: `issubclass(Float[np.ndarray, "n"], AbstractArray)`.

    An annotation class carries what it was made from, as in jaxtyping: `dtype` (the category,
    e.g. `Float`), `array_type`, `dim_str` (the shape string), and `dtypes`, `dims` and
    `index_variadic` (the parsed forms). `isinstance(x, AbstractArray)`: x is an array of any
    dtype and shape.
    """


AbstractArray._ndt_spec = ArraySpec(None, CATEGORIES["Shaped"], ANY_SHAPE, "AbstractArray")
SPELLINGS.array_meta, SPELLINGS.category_meta, SPELLINGS.abstract_dtype = (
    ArrayAnnotationMeta,
    DTypeCategoryMeta,
    AbstractDtype,
)
AbstractArray.__module__ = "ndtyping"


# Annotations are built once per (category, array types, shape, name format) and shared while
# anything uses them (so `Float[A, "n"] is Float[A, "n"]`). Annotations built from data at runtime
# (`Float[np.ndarray, f"{n} 3"]`) must not accumulate: the table holds them weakly, and only
# the most recently built ones strongly (a loop that rebuilds one annotation builds it once).
_BUILT: weakref.WeakValueDictionary[tuple[Any, ...], ArrayAnnotationMeta] = weakref.WeakValueDictionary()
_RECENT: collections.OrderedDict[tuple[Any, ...], ArrayAnnotationMeta] = collections.OrderedDict()
_RECENT_SIZE = 256


def _build(category_cls: Any, array_types: Any, shape_text: str) -> ArrayAnnotationMeta:
    name_format = _name_format[0]
    key = (category_cls, array_types, shape_text, name_format)
    try:
        cls = _BUILT[key]
    except KeyError:
        cls = _BUILT[key] = _make(category_cls, array_types, shape_text, name_format)
    except TypeError:  # an unhashable part: built every time
        return _make(category_cls, array_types, shape_text, name_format)
    _RECENT.pop(key, None)  # (written to be safe when threads build annotations at once)
    _RECENT[key] = cls
    while len(_RECENT) > _RECENT_SIZE:
        try:
            _RECENT.popitem(last=False)
        except KeyError:
            break
    return cls


def _make(category_cls: Any, array_types: Any, shape_text: str, name_format: str) -> ArrayAnnotationMeta:
    category = category_cls._ndt_category
    key = (category_cls, array_types, shape_text)
    shape = parse_shape(shape_text)
    if isinstance(array_types, ArrayAnnotationMeta):
        inner = array_types._ndt_spec
        merged = intersect(category, inner.category)
        if merged.is_empty():
            raise AnnotationError(
                f"{category.label}[{inner.label}, {shape_text!r}]: no dtype is both "
                f"{category.label} and {inner.category.label}"
            )
        shape = join_specs(shape, inner.shape)
        category, types_ = merged, inner.types
        label = f'{merged.label}[{_types_label(types_)}, "{shape.text}"]'
        array_type = array_types.array_type  # type: ignore[attr-defined]
    else:
        types_ = array_types
        label = f'{category.label}[{_types_label(types_)}, "{shape.text}"]'
        array_type = Any if types_ is None else types_[0] if len(types_) == 1 else Union[types_]  # type: ignore[valid-type]
    spec = ArraySpec(types_, category, shape, label)
    name = label if name_format == "dtype_and_shape" else _types_label(types_)
    cls = ArrayAnnotationMeta(name, (AbstractArray,), {
        "_ndt_spec": spec, "__module__": "builtins",
        # jaxtyping's introspection attributes (see AbstractArray)
        "dtype": category_cls, "array_type": array_type, "dim_str": shape.text,
        "dtypes": _dtypes_attribute(category), "dims": shape.dims, "index_variadic": shape.variadic,
    })  # fmt: skip
    cls._ndt_key = key
    return cls


def _types_label(types_: Optional[tuple[type, ...]]) -> str:
    if types_ is None:
        return "Any"
    return " | ".join(t.__name__ for t in types_)


def _reduce(cls: ArrayAnnotationMeta) -> Any:
    if cls is AbstractArray:
        return "AbstractArray"  # by reference: ndtyping.AbstractArray
    return (_build, cls._ndt_key)


copyreg.pickle(ArrayAnnotationMeta, _reduce)  # type: ignore[arg-type]
