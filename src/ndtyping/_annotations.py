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
import types as _types
import typing
import weakref
from typing import Any, Optional, Union

from ._dtypes import CATEGORIES, DTypeCategory, intersect
from ._engine import ArraySpec
from ._errors import AnnotationError
from ._fastpath import fits_for
from ._grammar import join_specs, parse_shape

__all__ = ["ArrayAnnotationMeta", "DTypeCategoryMeta", "is_array_annotation", "make_category"]


class ArrayAnnotationMeta(type):
    """Metaclass of every array annotation: `isinstance` runs the engine."""

    _ndt_spec: ArraySpec
    _ndt_key: tuple[Any, ...]

    def __instancecheck__(cls, value: Any) -> bool:
        # First isinstance with this annotation: its compiled check becomes the __instancecheck__
        # of a metaclass of its own, so later checks run it directly (one Python call, not two).
        compiled = fits_for(cls._ndt_spec)
        own = type(ArrayAnnotationMeta)(ArrayAnnotationMeta.__name__, (ArrayAnnotationMeta,), {
            "__instancecheck__": compiled, "__module__": ArrayAnnotationMeta.__module__, "__qualname__": "ArrayAnnotationMeta",
        })  # fmt: skip
        copyreg.pickle(own, _reduce)  # type: ignore[arg-type]
        # copyreg's table would keep the metaclass forever: drop it with the annotation.
        weakref.finalize(cls, copyreg.dispatch_table.pop, own, None)
        cls.__class__ = own  # pyright: ignore[reportAttributeAccessIssue]
        return compiled(cls, value)

    def __repr__(cls) -> str:
        return cls._ndt_spec.label

    # The type as a value (see _relations.py; static users call the ndtyping.* functions).
    def is_super(cls, other: Any) -> bool:
        """Whether every array of type `other` is also of this type."""
        from ._relations import is_super

        return is_super(cls._ndt_spec, other)

    def in_same_class(cls, other: Any) -> bool:
        """Same dtype and rank as `other`, and compatible sizes wherever both fix an axis."""
        from ._relations import in_same_class

        return in_same_class(cls._ndt_spec, other)

    def is_valid_value(cls, value: Any) -> bool:
        """Whether `value` already is of this type (nothing converted, no call's bindings)."""
        from ._relations import is_valid_value

        return is_valid_value(cls._ndt_spec, value)

    def filter(cls, value: Any, strict: bool = False, allow_downcast: Optional[bool] = None) -> Any:
        """`value` as an array of this type, converted only when no value changes (see ndtyping.filter)."""
        from ._relations import filter_spec

        return filter_spec(cls._ndt_spec, value, strict, allow_downcast)


class DTypeCategoryMeta(type):
    """Metaclass of `Float`, `Int32`, ...: subscripting builds an array annotation."""

    _ndt_category: DTypeCategory

    def __getitem__(cls, item: Any) -> Any:
        if not isinstance(item, tuple) or len(item) != 2:
            raise AnnotationError(
                f'{cls.__name__}[...] takes an array type and a shape string, e.g. '
                f'{cls.__name__}[np.ndarray, "batch channels"]; got {item!r}'
            )
        array_type, shape = item
        if not isinstance(shape, str):
            raise AnnotationError(
                f'the shape in {cls.__name__}[{_name(array_type)}, {shape!r}] must be a string such as "batch channels"'
            )
        members = _annotation_union_members(array_type)
        if members is not None:
            return _distribute(cls._ndt_category, members, shape)
        return _build(cls._ndt_category, _normalise_types(array_type), shape)

    def __repr__(cls) -> str:
        return cls.__name__

    def __instancecheck__(cls, value: Any) -> bool:
        # `isinstance(x, Float)`: any array of a floating dtype, any shape.
        return isinstance(value, _build(cls._ndt_category, None, "..."))


def make_category(label: str) -> type:
    category = CATEGORIES[label]
    return DTypeCategoryMeta(label, (), {"_ndt_category": category, "__module__": "ndtyping"})


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


def _distribute(category: DTypeCategory, members: tuple[ArrayAnnotationMeta, ...], shape: str) -> Any:
    """`Shaped[Key[A, ""] | UInt32[A, "2"], "2"]` is `Key[A, "2"] | UInt32[A, "2 2"]`.

    Members whose dtypes cannot be `category` are dropped (`UInt32[PRNGKeyArray, "n"]` keeps the
    uint32 keys). The result is a `X | Y` union, for which `isinstance` works (typing.Union's does not).
    """
    possible = [m for m in members if not intersect(category, m._ndt_spec.category).is_empty()] or [members[0]]
    return functools.reduce(operator.or_, [_build(category, member, shape) for member in possible])


def _normalise_types(array_type: Any) -> Any:
    """Turn the array part into a hashable key: an annotation, a tuple of classes, or None."""
    if isinstance(array_type, ArrayAnnotationMeta):
        return array_type
    if array_type is Any or array_type is object:
        return None
    origin = typing.get_origin(array_type)
    if origin is Union or isinstance(array_type, _types.UnionType):
        members = typing.get_args(array_type)
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
    raise AnnotationError(f"the array type in an annotation must be a class such as np.ndarray or jax.Array, not {whole!r}")


# Annotations are built once per (category, array types, shape) and shared while anything uses
# them (so `Float[A, "n"] is Float[A, "n"]`). Annotations built from data at runtime
# (`Float[np.ndarray, f"{n} 3"]`) must not accumulate: the table holds them weakly, and only
# the most recently built ones strongly (a loop that rebuilds one annotation builds it once).
_BUILT: "weakref.WeakValueDictionary[tuple[Any, ...], ArrayAnnotationMeta]" = weakref.WeakValueDictionary()
_RECENT: "collections.OrderedDict[tuple[Any, ...], ArrayAnnotationMeta]" = collections.OrderedDict()
_RECENT_SIZE = 256


def _build(category: DTypeCategory, array_types: Any, shape_text: str) -> ArrayAnnotationMeta:
    key = (category, array_types, shape_text)
    try:
        cls = _BUILT[key]
    except KeyError:
        cls = _BUILT[key] = _make(category, array_types, shape_text)
    except TypeError:  # an unhashable part: built every time
        return _make(category, array_types, shape_text)
    _RECENT.pop(key, None)  # (written to be safe when threads build annotations at once)
    _RECENT[key] = cls
    while len(_RECENT) > _RECENT_SIZE:
        try:
            _RECENT.popitem(last=False)
        except KeyError:
            break
    return cls


def _make(category: DTypeCategory, array_types: Any, shape_text: str) -> ArrayAnnotationMeta:
    key = (category.label, array_types, shape_text)
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
    else:
        types_ = array_types
        label = f'{category.label}[{_types_label(types_)}, "{shape.text}"]'
    spec = ArraySpec(types_, category, shape, label)
    cls = ArrayAnnotationMeta(label, (), {"_ndt_spec": spec, "__module__": "builtins"})
    cls._ndt_key = key
    return cls


def _types_label(types_: Optional[tuple[type, ...]]) -> str:
    if types_ is None:
        return "Any"
    return " | ".join(t.__name__ for t in types_)


def _rebuild(category_label: str, array_types: Any, shape_text: str) -> Any:
    return _build(CATEGORIES[category_label], array_types, shape_text)


def _reduce(cls: ArrayAnnotationMeta) -> Any:
    return (_rebuild, cls._ndt_key)


copyreg.pickle(ArrayAnnotationMeta, _reduce)  # type: ignore[arg-type]
