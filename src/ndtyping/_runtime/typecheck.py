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
import sys
import types as _types
import typing
from typing import Any, Callable, Optional, Union

from .._errors import AnnotationError
from .array_types import _alias_value, alias_target, array_spec
from .bindings import Scope
from .engine import describe_value, match_array

__all__ = [
    "Checker", "alias_target", "annotation_args", "argument_names", "array_spec", "bind_self", "compile_annotation",
    "implicit_optional", "reads_arguments", "with_args",
]  # fmt: skip

Checker = Callable[[Any, Scope, str], str]

_UNION_TYPE = getattr(_types, "UnionType", None)  # 3.10+: `int | None`
_SAMPLE = 32  # how many items of a container are checked (containers can be huge)


def compile_annotation(annotation: Any) -> Optional[Checker]:
    """A checker for `annotation`, or None when nothing needs checking at runtime."""
    try:
        return _compile_cached(annotation)
    except TypeError:  # unhashable annotation object
        return _compile(annotation)


@functools.lru_cache(maxsize=1024)
def _compile_cached(annotation: Any) -> Optional[Checker]:
    return _compile(annotation)


def _compile(annotation: Any) -> Optional[Checker]:
    alias = _alias_value(annotation)
    if alias is not None:
        return _compile_alias(annotation, alias)
    spec = array_spec(annotation)
    if spec is not None:
        return _fast(lambda value, scope, where: match_array(spec, value, scope, where), "array", spec)
    build = getattr(annotation, "_ndt_build_checker", None)  # an annotation that compiles itself (PyTree[...])
    if build is not None:
        return build()
    if annotation is Any or annotation is object:
        return None
    if annotation in _spellings("NoReturn", "Never"):
        return _fast(lambda value, scope, where: f"expected no value (Never), got {describe_value(value)}", "never")
    if annotation in _spellings("LiteralString"):
        return _instance(str, "str")
    if annotation in _spellings("Self"):
        return _self_checker
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
    if _is_typed_dict(origin if origin is not None else annotation):
        return _typed_dict(origin if origin is not None else annotation)
    if origin is not None and origin in _spellings("Required", "NotRequired", "ReadOnly"):
        return _compile(args[0])  # TypedDict field qualifiers: the key's presence is checked by the TypedDict
    if origin is not None and origin in _spellings("Final"):
        return _compile(args[0])
    if origin is not None and origin in _spellings("TypeGuard", "TypeIs"):
        return _instance(bool, "bool")
    if origin is Union or (_UNION_TYPE is not None and isinstance(annotation, _UNION_TYPE)):
        return _union(args)
    if origin is typing.Literal:
        return _literal(args)
    if origin is typing.Annotated:
        return _compile(args[0])
    if origin is type:
        return _instance(type, "a class")
    if origin in (tuple,):
        # Bare `Tuple` is any tuple; `tuple[()]` is the empty one, though both have no arguments (3.11+).
        return _instance(tuple, "a tuple") if annotation is typing.Tuple else _tuple(args)
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
        _assert_isinstance_works(annotation)
        return _instance(annotation, annotation.__qualname__)
    return None  # something we do not understand: never guess, never fail


def _self_checker(value: Any, scope: Scope, where: str) -> str:
    """`Self` in a method: an instance of the class the method was called on (the first
    argument's class; for a classmethod, the class itself). The call's arguments are read
    (reads_arguments says so), so a method inherited by a subclass asks for the subclass."""
    arguments = scope.arguments
    if not arguments:
        return "Self names the class of a method's first argument, and this function has none"
    first = next(iter(arguments.values()))
    if isinstance(value, type(first)) or (isinstance(first, type) and isinstance(value, first)):
        return ""
    owner = first if isinstance(first, type) else type(first)
    return f"expected Self (an instance of {owner.__qualname__}), got {describe_value(value)}"


def bind_self(annotation: Any, cls: type) -> Any:
    """`annotation` with `Self` replaced by `cls` (a dataclass field's `Optional[Self]`: there is
    no method argument to read the class from). An alias that cannot be rebuilt is kept as it is."""
    if annotation in _spellings("Self"):
        return cls
    args = typing.get_args(annotation)
    if not args:
        return annotation
    new = tuple(bind_self(arg, cls) if not isinstance(arg, list) else [bind_self(a, cls) for a in arg] for arg in args)
    return with_args(annotation, new)


def with_args(annotation: Any, new: tuple[Any, ...]) -> Any:
    """`annotation` with its arguments (`typing.get_args`) replaced by `new`; as it is when they are
    the same, or when it cannot be rebuilt."""
    if new == typing.get_args(annotation):
        return annotation
    origin = typing.get_origin(annotation)
    try:
        if origin is Union or (_UNION_TYPE is not None and isinstance(annotation, _UNION_TYPE)):
            return Union[new]  # type: ignore[valid-type]
        if origin is typing.Annotated:
            return typing.Annotated[new]  # type: ignore[valid-type]
        if getattr(annotation, "__unpacked__", False) is True:  # `*tuple[...]` (3.11+): unpacked again
            return next(iter(origin[new]))
        copy_with = getattr(annotation, "copy_with", None)  # typing's aliases: List[Self], Optional[...]
        return copy_with(new) if copy_with is not None else origin[new]
    except Exception:
        return annotation


def implicit_optional(annotation: Any, default: Any) -> Any:
    """`x: Float[np.ndarray, "n"] = None` accepts None: a `None` default makes the annotation Optional.

    PEP 484's original rule (mypy's `--implicit-optional`): code written this way is common and
    works, so ndtyping never refuses it; any other value is still checked against the annotation.
    """
    if default is not None or annotation is None or annotation is type(None):
        return annotation
    checker = compile_annotation(annotation)
    if checker is None or not checker(None, Scope(), "default"):
        return annotation  # None already fits (Optional[...], Any, object)
    return Optional[annotation]


def _spellings(*names: str) -> tuple[Any, ...]:
    """`typing.X` for each name, and `typing_extensions.X` when the user has imported it."""
    found = []
    for module in (typing, sys.modules.get("typing_extensions")):
        for name in names:
            value = getattr(module, name, None)
            if value is not None and value not in found:
                found.append(value)
    return tuple(found)


def _assert_isinstance_works(cls: type) -> None:
    """A class whose isinstance raises (a typing special form) must fail here, not at every call."""
    try:
        isinstance(None, cls)
    except TypeError as err:
        raise AnnotationError(
            f"{cls.__qualname__} cannot be checked at runtime: isinstance() refuses it ({err}); "
            "annotate with a class, or mark the function @typing.no_type_check"
        ) from None


# ---------------------------------------------------------------------------------- type aliases
# `type Vec = Float[np.ndarray, "n"]` (3.12+) and typing_extensions.TypeAliasType: checked as what
# they stand for. Their value is evaluated lazily by Python, so a name defined later in the module
# works; a recursive alias (`type Tree = list[Tree] | int`) is compiled once and refers to itself.

# The aliases being compiled, by id, each with the cell its finished checker goes into.
_ALIASES_IN_PROGRESS: dict[int, list[Optional[Checker]]] = {}


def _compile_alias(annotation: Any, value_of: Callable[[], Any]) -> Optional[Checker]:
    key = id(annotation)
    cell = _ALIASES_IN_PROGRESS.get(key)
    if cell is not None:  # the alias refers to itself: use its checker once it is finished
        return lambda value, scope, where: cell[0](value, scope, where) if cell[0] is not None else ""
    try:
        value = value_of()
    except NameError:  # its value names something not defined yet: resolved at the first check
        return _deferred(annotation, value_of)
    cell = _ALIASES_IN_PROGRESS[key] = [None]
    try:
        checker = cell[0] = _compile(value)
    finally:
        del _ALIASES_IN_PROGRESS[key]
    return checker


def _deferred(annotation: Any, value_of: Callable[[], Any]) -> Checker:
    """A checker that compiles the alias when it first checks a value, or raises if it still cannot."""
    compiled: list[Optional[Checker]] = []

    def check_deferred(value: Any, scope: Scope, where: str) -> str:
        if not compiled:
            try:
                value_of()
            except NameError as err:
                name = getattr(annotation, "__name__", None) or repr(annotation)
                raise AnnotationError(f"the type alias {name!r} cannot be resolved: {err}") from None
            compiled.append(_compile(annotation))
        checker = compiled[0]
        return checker(value, scope, where) if checker is not None else ""

    return check_deferred


# ---------------------------------------------------------------------------------- TypedDict
# isinstance() refuses a TypedDict; a value fits when it is a mapping with the required keys,
# each present key's value fitting its field's annotation (extra keys are allowed, as for a
# structural type). The fields are resolved at the first check, so they may name later classes.


def _is_typed_dict(annotation: Any) -> bool:
    for module in (typing, sys.modules.get("typing_extensions")):
        is_typeddict = getattr(module, "is_typeddict", None)
        if is_typeddict is not None and is_typeddict(annotation):
            return True
    return False


def _typed_dict(cls: Any) -> Checker:
    fields: list[tuple[str, Optional[Checker]]] = []
    resolved: list[bool] = []
    required: list[str] = []
    name = getattr(cls, "__qualname__", repr(cls))

    def check_typed_dict(value: Any, scope: Scope, where: str) -> str:
        if not isinstance(value, cabc.Mapping):
            return f"expected a dict ({name}), got {describe_value(value)}"
        if not resolved:
            hints = _typed_dict_hints(cls, name)
            fields.extend((key, _compile(hint)) for key, hint in hints.items())
            required.extend(_required_keys(cls, hints))
            resolved.append(True)
        missing = [key for key in required if key not in value]
        if missing:
            return f"{name} requires the key{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))}"
        for key, checker in fields:
            if checker is not None and key in value:
                reason = checker(value[key], scope, f"{where}[{key!r}]")
                if reason:
                    return f"key {key!r}: {reason}"
        return ""

    return check_typed_dict


def _typed_dict_hints(cls: Any, name: str) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls, include_extras=True)
    except Exception as err:
        raise AnnotationError(
            f"the fields of the TypedDict {name} cannot be resolved: {type(err).__name__}: {err}"
        ) from None


def _required_keys(cls: Any, hints: dict[str, Any]) -> list[str]:
    """The keys a value must have. Read from the fields too: on <=3.10, typing.TypedDict does not
    know typing_extensions' NotRequired / Required and lists every key of a total TypedDict."""
    required = set(getattr(cls, "__required_keys__", hints))
    for key, hint in hints.items():
        origin = typing.get_origin(hint)
        if origin is not None and origin in _spellings("NotRequired"):
            required.discard(key)
        elif origin is not None and origin in _spellings("Required"):
            required.add(key)
    return sorted(required)


def reads_arguments(annotation: Any, _seen: Optional[set[int]] = None) -> bool:
    """Whether checking `annotation` needs the call's arguments (`{name}` in a shape, `Self`)."""
    if annotation in _spellings("Self"):
        return True
    alias = _alias_value(annotation)
    if alias is not None:
        seen = _seen if _seen is not None else set()
        if id(annotation) in seen:
            return False
        seen.add(id(annotation))
        try:
            return reads_arguments(alias(), seen)
        except NameError:
            return False  # resolved at the first check, which reads them only if they are passed
    spec = array_spec(annotation)
    if spec is not None:
        return any(dim.arguments for dim in spec.shape.dims)
    try:
        args = annotation_args(annotation)
    except Exception:
        return False
    return any(
        reads_arguments(arg, _seen) for arg in args
        if isinstance(arg, type) or annotation_args(arg) or _alias_value(arg) is not None
    )  # fmt: skip


def annotation_args(annotation: Any) -> tuple[Any, ...]:
    """The annotations inside `annotation`: `typing.get_args`, and a PyTree class's leaf annotation."""
    inner = getattr(annotation, "_ndt_inner_annotations", None)  # PyTree[...] is a class, not an alias
    if inner is not None:
        return tuple(inner())
    return typing.get_args(annotation)


def argument_names(annotation: Any, _seen: Optional[set[int]] = None) -> set[str]:
    """The arguments `{name}` / `{name.attr}` in `annotation`'s shapes refer to (for a check at decoration)."""
    seen = _seen if _seen is not None else set()
    if id(annotation) in seen:
        return set()
    seen.add(id(annotation))
    alias = _alias_value(annotation)
    if alias is not None:
        try:
            return argument_names(alias(), seen)
        except NameError:
            return set()
    spec = array_spec(annotation)
    if spec is not None:
        return {path[0] for dim in spec.shape.dims for _, path in dim.arguments}
    try:
        args = annotation_args(annotation)
    except Exception:
        return set()
    names: set[str] = set()
    for arg in args:
        names |= argument_names(arg, seen)
    return names


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
        mark = scope.mark()
        for checker in checkers:
            reason = checker(value, scope, where)
            if not reason:
                return ""
            reasons.append(reason)
            # A failed arm (say a tuple whose first array matched) must leave no bindings.
            scope.rollback(mark)
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
    if args == ((),):  # Tuple[()] on <=3.10
        args = ()
    before, variadic, after = _tuple_parts(args)
    if variadic is not None:
        return _variadic_tuple(before, variadic, after)
    checkers = [_compile(arg) for arg in before]
    expected = f"a tuple of length {len(checkers)}" if checkers else "an empty tuple"

    def check_tuple(value: Any, scope: Scope, where: str) -> str:
        if not isinstance(value, tuple):
            return f"expected a tuple, got {describe_value(value)}"
        if len(value) != len(checkers):
            return f"expected {expected}, got length {len(value)}"
        for index, (item, checker) in enumerate(zip(value, checkers)):
            if checker is not None:
                reason = checker(item, scope, f"{where}[{index}]")
                if reason:
                    return f"item {index}: {reason}"
        return ""

    return _fast(check_tuple, "tuple", tuple(checkers))


def _tuple_parts(args: tuple[Any, ...]) -> tuple[list[Any], Any, list[Any]]:
    """A tuple type's items as (before, variadic, after): PEP 646 unpacks `*tuple[str, int]` into
    its items and `*tuple[str, ...]` (or `*Ts`, any items) into the variadic part, None if none."""
    before: list[Any] = []
    after: list[Any] = []
    variadic: Any = None
    for arg in args:
        inner = _unpacked(arg)
        if inner is None:
            (before if variadic is None else after).append(arg)
        elif len(inner) == 2 and inner[1] is Ellipsis and variadic is None:
            variadic = inner[0]
        elif len(inner) == 2 and inner[1] is Ellipsis:  # two unpacked variadic parts: not valid typing
            return [], Any, []
        else:
            (before if variadic is None else after).extend(inner)
    return before, variadic, after


def _unpacked(arg: Any) -> Optional[tuple[Any, ...]]:
    """The items of `*tuple[...]` / `Unpack[tuple[...]]` inside a tuple type ((Any, ...) for `*Ts`),
    or None when `arg` is an ordinary item."""
    if getattr(arg, "__unpacked__", False) is True and typing.get_origin(arg) is tuple:  # 3.11+: *tuple[...]
        inner = arg
    elif typing.get_origin(arg) in _spellings("Unpack"):
        inner = typing.get_args(arg)[0]
        if typing.get_origin(inner) is not tuple:
            return (Any, Ellipsis)  # *Ts: any number of items of any type
    else:
        return None
    items = typing.get_args(inner)
    return () if items == ((),) else items


def _variadic_tuple(before: list[Any], variadic: Any, after: list[Any]) -> Checker:
    """`tuple[int, *tuple[str, ...], float]`: fixed items at both ends, any number of others between."""
    head = [_compile(arg) for arg in before]
    tail = [_compile(arg) for arg in after]
    middle = _compile(variadic)
    fixed = len(head) + len(tail)

    def check_variadic_tuple(value: Any, scope: Scope, where: str) -> str:
        if not isinstance(value, tuple):
            return f"expected a tuple, got {describe_value(value)}"
        if len(value) < fixed:
            return f"expected a tuple of at least {fixed} item{'s' if fixed != 1 else ''}, got length {len(value)}"
        end = len(value) - len(tail)
        checks = list(enumerate(head))
        if middle is not None:
            checks += [(index, middle) for index in range(len(head), min(end, len(head) + _SAMPLE))]
        checks += [(end + offset, checker) for offset, checker in enumerate(tail)]
        for index, checker in checks:
            if checker is not None:
                reason = checker(value[index], scope, f"{where}[{index}]")
                if reason:
                    return f"item {index}: {reason}"
        return ""

    return check_variadic_tuple


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
