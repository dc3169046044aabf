"""Compile any annotation into a checker: (value, scope, where) -> reason, or "" if it fits.

Array annotations go to the engine; the rest (classes, Optional/Union, Literal, tuples,
lists, dicts, sets, Callable, Annotated, NewType, TypeVar) are checked here, so `check`
needs neither beartype nor typeguard. Annotations that need no runtime work compile to
None, and the decorator skips them entirely.

Checkers the compiled fast path can reproduce carry a `_ndt_fast` attribute saying what
they check (see _fastpath.py): `("array", spec)`, `("instance", classes)`, `("none",)`,
`("tuple", item_checkers)` or `("optional", checker)`. The fast path reads it from the checker itself, so the two can
never disagree about what an annotation means.
"""

from __future__ import annotations

import collections.abc as cabc
import functools
import types as _types
import typing
from typing import Any, Callable, Optional, Union

from ._bindings import Scope
from ._engine import ArraySpec, describe_value, match_array
from ._ndarray import is_generic_array, spec_of

__all__ = ["Checker", "annotation_args", "array_spec", "compile_annotation", "reads_arguments"]

Checker = Callable[[Any, Scope, str], str]

_UNION_TYPE = getattr(_types, "UnionType", None)  # 3.10+: `int | None`
_SAMPLE = 32  # how many items of a container are checked (containers can be huge)


def compile_annotation(annotation: Any) -> Optional[Checker]:
    """A checker for `annotation`, or None when nothing needs checking at runtime."""
    try:
        return _compile_cached(annotation)
    except TypeError:  # unhashable annotation object
        return _compile(annotation)


@functools.lru_cache(maxsize=4096)
def _compile_cached(annotation: Any) -> Optional[Checker]:
    return _compile(annotation)


def array_spec(annotation: Any) -> Optional[ArraySpec]:
    """The ArraySpec of an array annotation in either spelling (`NDArray[...]`, `Float[...]`), else None."""
    if is_generic_array(annotation):
        return spec_of(annotation)
    return getattr(annotation, "_ndt_spec", None)


def _compile(annotation: Any) -> Optional[Checker]:
    spec = array_spec(annotation)
    if spec is not None:
        return _fast(lambda value, scope, where: match_array(spec, value, scope, where), "array", spec)
    build = getattr(annotation, "_ndt_build_checker", None)  # an annotation that compiles itself (PyTree[...])
    if build is not None:
        return build()
    if annotation is Any or annotation is object or annotation is typing.NoReturn:
        return None
    if annotation is None or annotation is type(None):
        return _fast(
            lambda value, scope, where: "" if value is None else f"expected None, got {describe_value(value)}", "none"
        )
    if isinstance(annotation, typing.TypeVar):
        if annotation.__bound__ is not None:
            return _compile(annotation.__bound__)
        if annotation.__constraints__:
            return _union(annotation.__constraints__)
        return None
    if isinstance(annotation, (str, typing.ForwardRef)):
        return None  # unresolved forward reference: nothing sound to check
    supertype = getattr(annotation, "__supertype__", None)
    if supertype is not None:  # NewType
        return _compile(supertype)

    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Union or (_UNION_TYPE is not None and isinstance(annotation, _UNION_TYPE)):
        return _union(args)
    if origin is typing.Literal:
        return _literal(args)
    if origin is typing.Annotated:
        return _compile(args[0])
    if origin is type:
        return _instance(type, "a class")
    if origin in (tuple,):
        return _tuple(args)
    if origin in (list, set, frozenset, cabc.Sequence, cabc.MutableSequence, cabc.Set, cabc.MutableSet,
                  cabc.Collection, cabc.Iterable):  # fmt: skip
        return _items(origin, args[0] if args else Any)
    if origin in (dict, cabc.Mapping, cabc.MutableMapping):
        return _mapping(origin, args)
    if origin is cabc.Callable:
        return _instance(cabc.Callable, "a callable")
    if origin is not None and isinstance(origin, type):
        return _instance(origin, origin.__qualname__)
    if isinstance(annotation, type):
        if getattr(annotation, "_is_protocol", False) and not getattr(annotation, "_is_runtime_protocol", False):
            return None  # a static-only Protocol cannot be checked with isinstance
        if annotation is float:  # PEP 484: int is acceptable where float is expected
            return _instance((float, int), "float")
        if annotation is complex:
            return _instance((complex, float, int), "complex")
        return _instance(annotation, annotation.__qualname__)
    return None  # something we do not understand: never guess, never fail


def reads_arguments(annotation: Any) -> bool:
    """Whether checking `annotation` needs the call's arguments (`{name}` in a shape)."""
    spec = array_spec(annotation)
    if spec is not None:
        return any(dim.arguments for dim in spec.shape.dims)
    try:
        args = annotation_args(annotation)
    except Exception:
        return False
    return any(reads_arguments(arg) for arg in args if isinstance(arg, type) or annotation_args(arg))


def annotation_args(annotation: Any) -> tuple[Any, ...]:
    """The annotations inside `annotation`: `typing.get_args`, and a PyTree class's leaf annotation."""
    inner = getattr(annotation, "_ndt_inner_annotations", None)  # PyTree[...] is a class, not an alias
    if inner is not None:
        return tuple(inner())
    return typing.get_args(annotation)


def _fast(checker: Checker, *what: Any) -> Checker:
    checker._ndt_fast = what  # type: ignore[attr-defined]
    return checker


def _instance(cls: Any, label: str) -> Checker:
    def check_instance(value: Any, scope: Scope, where: str) -> str:
        if isinstance(value, cls):
            return ""
        return f"expected {label}, got {describe_value(value)}"

    return _fast(check_instance, "instance", cls)


def _union(members: tuple[Any, ...]) -> Optional[Checker]:
    checkers = []
    for member in members:
        checker = _compile(member)
        if checker is None:
            return None  # one member accepts anything
        checkers.append(checker)

    def check_union(value: Any, scope: Scope, where: str) -> str:
        reasons = []
        bound = len(scope.dims)
        trees = len(scope.trees) if scope.trees else 0
        for checker in checkers:
            reason = checker(value, scope, where)
            if not reason:
                return ""
            reasons.append(reason)
            # A failed arm (say a tuple whose first array matched) must leave no bindings.
            # Bindings are only ever added, so undoing means dropping the names added since.
            for name in list(scope.dims)[bound:]:
                del scope.dims[name]
                scope.origin.pop(name, None)
            if scope.trees:  # PyTree structures bound by the failed arm
                for name in list(scope.trees)[trees:]:
                    del scope.trees[name]
        return "no member of the union matches: " + "; ".join(reasons)

    if len(members) == 2 and type(None) in members:  # Optional[X]: None, or what X accepts
        return _fast(check_union, "optional", checkers[members.index(type(None)) - 1])
    return check_union


def _literal(values: tuple[Any, ...]) -> Checker:
    def check_literal(value: Any, scope: Scope, where: str) -> str:
        for allowed in values:
            if type(value) is type(allowed) and value == allowed:
                return ""
        return f"expected one of {values!r}, got {value!r}"

    return check_literal


def _tuple(args: tuple[Any, ...]) -> Checker:
    if len(args) == 2 and args[1] is Ellipsis:
        return _items(tuple, args[0])
    if args == ((),):  # tuple[()]
        args = ()
    checkers = [_compile(arg) for arg in args]

    def check_tuple(value: Any, scope: Scope, where: str) -> str:
        if not isinstance(value, tuple):
            return f"expected a tuple, got {describe_value(value)}"
        if not args:
            return ""
        if len(value) != len(checkers):
            return f"expected a tuple of length {len(checkers)}, got length {len(value)}"
        for index, (item, checker) in enumerate(zip(value, checkers)):
            if checker is not None:
                reason = checker(item, scope, f"{where}[{index}]")
                if reason:
                    return f"item {index}: {reason}"
        return ""

    return _fast(check_tuple, "tuple", tuple(checkers))


def _items(origin: Any, item_type: Any) -> Checker:
    checker = _compile(item_type)

    def check_items(value: Any, scope: Scope, where: str) -> str:
        if not isinstance(value, origin):
            return f"expected {getattr(origin, '__qualname__', origin)}, got {describe_value(value)}"
        if checker is None or isinstance(value, (str, bytes)) or not isinstance(value, cabc.Collection):
            return ""
        for index, item in enumerate(value):
            if index >= _SAMPLE:
                break
            reason = checker(item, scope, f"{where}[{index}]")
            if reason:
                return f"item {index}: {reason}"
        return ""

    return check_items


def _mapping(origin: Any, args: tuple[Any, ...]) -> Checker:
    key_checker = _compile(args[0]) if args else None
    value_checker = _compile(args[1]) if len(args) > 1 else None

    def check_mapping(value: Any, scope: Scope, where: str) -> str:
        if not isinstance(value, origin):
            return f"expected {origin.__qualname__}, got {describe_value(value)}"
        for index, (key, item) in enumerate(value.items()):
            if index >= _SAMPLE:
                break
            if key_checker is not None:
                reason = key_checker(key, scope, where)
                if reason:
                    return f"key {key!r}: {reason}"
            if value_checker is not None:
                reason = value_checker(item, scope, f"{where}[{key!r}]")
                if reason:
                    return f"value at {key!r}: {reason}"
        return ""

    return check_mapping
