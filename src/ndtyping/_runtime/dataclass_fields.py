"""The one dataclass-field path: a dataclass's `__init__` runs in a scope, then its fields are checked.

Used by `check` on a dataclass, by `jaxtyped` (with or without an external typechecker) and by
the import hook. The caller hands in *how* fields are checked, as a FieldChecks: `check` its
own compiled checkers, `jaxtyped(typechecker=beartype)` a probe of the external checker. With
none, the scope alone is added (so `isinstance` in `__post_init__` shares bindings).

A field's shape may name another field (`{size}`): the fields are the arguments of the check.
An equinox Module converts fields (`eqx.field(converter=...)`) after `__init__` returns: its
fields are checked after the conversion (in `__check_init__`), and the arguments of converted
fields are checked against the converter's parameter annotation, which equinox puts on
`__init__` (as jaxtyping does).
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
import inspect
import sys
from typing import Any, Callable, Optional, Protocol

from .bindings import Scope, enter, leave
from .signature import resolved_hints, short_name
from .typecheck import reads_arguments

__all__ = ["ArgumentCheck", "FieldCheck", "FieldChecks", "check_fields_after_init", "converted_parameters"]

# (instance, scope) -> None: raises the checker's error when a field does not fit.
FieldCheck = Callable[[Any, Scope], None]
# ({argument: value}, scope) -> None: the same for the __init__ arguments a converter turns into fields.
ArgumentCheck = Callable[[dict[str, Any], Scope], None]


class FieldChecks(Protocol):
    """How one kind of checker checks a dataclass: built once per class, at decoration."""

    def fields(self, cls: Any, name: str) -> Optional[FieldCheck]:
        """The check of every field of an instance, or None when there is nothing to check."""
        ...

    def arguments(self, cls: Any, parameters: list[inspect.Parameter], name: str) -> ArgumentCheck:
        """The check of the converted fields' `__init__` arguments (`parameters`, keyword-only)."""
        ...


def check_fields_after_init(cls: Any, checks: Optional[FieldChecks]) -> None:
    """Make `cls.__init__` run in a scope and then check every field with `checks` (None: scope only)."""
    original_init = cls.__init__
    if getattr(original_init, "_ndt_fields_checked", False) or getattr(original_init, "_ndt_jaxtyped", False):
        return  # already done, or an `__init__` the user decorated with jaxtyped itself
    name = f"{short_name(cls)}.__init__"
    check_fields = checks.fields(cls, name) if checks is not None else None
    fields_scope = _FieldsScope(cls, name)
    converted = _converted_arguments(cls, original_init, checks, name) if checks is not None else None

    @functools.wraps(original_init)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        initialising = _INITIALISING.get()
        if __init__.__dict__.get("__no_type_check__", False) or id(self) in initialising:
            # `@no_type_check` over `@jaxtyped`; or `super().__init__()` from a checked subclass's
            # `__init__`, which checks the fields once it is done (they may change until then).
            original_init(self, *args, **kwargs)
            return
        outer = _INITIALISING.set(initialising | {id(self)})
        scope = Scope(name, None)
        token = enter(scope)
        try:
            if converted is not None:
                converted(self, args, kwargs, scope)
            original_init(self, *args, **kwargs)
            if check_fields is not None and not fields_scope.after_conversion:
                scope.arguments = fields_scope.arguments(self)
                check_fields(self, scope)
        finally:
            leave(token)
            _INITIALISING.reset(outer)

    __init__._ndt_fields_checked = True  # type: ignore[attr-defined]
    cls.__init__ = __init__
    if check_fields is not None and fields_scope.after_conversion:
        _check_after_conversion(cls, check_fields, fields_scope)


# The instances whose checked `__init__` is running, in this context (see check_fields_after_init).
_INITIALISING: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar(
    "ndtyping_initialising", default=frozenset()
)


class _FieldsScope:
    """What the field checks of one dataclass need from the instance: the fields as arguments."""

    def __init__(self, cls: Any, name: str) -> None:
        self.cls = cls
        self.name = name
        self.reads: Optional[bool] = None
        # equinox converts fields after __init__ returns; check them after that.
        equinox = sys.modules.get("equinox")
        self.after_conversion = equinox is not None and isinstance(cls, type) and issubclass(cls, equinox.Module)

    def arguments(self, instance: Any) -> Optional[dict[str, Any]]:
        if self.reads is None:
            self.reads = any(reads_arguments(hint) for hint in resolved_hints(self.cls).values())
        if not self.reads:
            return None
        values = {
            field.name: getattr(instance, field.name)
            for field in dataclasses.fields(self.cls)
            if hasattr(instance, field.name)
        }
        values.setdefault("self", instance)
        return values


def _check_after_conversion(cls: Any, check_fields: FieldCheck, fields_scope: _FieldsScope) -> None:
    """Run the field checks from equinox's `__check_init__` (after converters), before the class's own."""
    own = cls.__dict__.get("__check_init__")

    def __check_init__(self: Any) -> None:
        if not cls.__dict__.get("__no_type_check__", False) and not cls.__init__.__dict__.get(
            "__no_type_check__", False
        ):
            scope = Scope(fields_scope.name, None)
            token = enter(scope)
            try:
                scope.arguments = fields_scope.arguments(self)
                check_fields(self, scope)
            finally:
                leave(token)
        if own is not None:
            own(self)

    __check_init__.__qualname__ = f"{cls.__qualname__}.__check_init__"
    type.__setattr__(cls, "__check_init__", __check_init__)


def converted_parameters(cls: Any, init: Any) -> list[inspect.Parameter]:
    """The `__init__` parameters a converter turns into fields, keyword-only, with the annotation
    equinox puts on `__init__` (the converter's parameter annotation)."""
    converted = [f.name for f in dataclasses.fields(cls) if f.metadata.get("converter") is not None]
    if not converted:
        return []
    init_hints = resolved_hints(init)
    keyword = inspect.Parameter.KEYWORD_ONLY
    return [
        inspect.Parameter(field, keyword, annotation=init_hints[field]) for field in converted if field in init_hints
    ]


def _converted_arguments(
    cls: Any, init: Any, checks: FieldChecks, name: str
) -> Optional[Callable[[Any, tuple[Any, ...], dict[str, Any], Scope], None]]:
    """The check of the `__init__` arguments that a converter will turn into fields, or None."""
    parameters = converted_parameters(cls, init)
    if not parameters:
        return None
    signature = inspect.signature(init)
    names = [p.name for p in parameters]
    run = checks.arguments(cls, parameters, name)

    def check_converted(instance: Any, args: tuple[Any, ...], kwargs: dict[str, Any], scope: Scope) -> None:
        try:
            bound = signature.bind(instance, *args, **kwargs)
        except TypeError:
            return  # a wrong call: __init__ raises its own TypeError
        run({field: bound.arguments[field] for field in names if field in bound.arguments}, scope)

    return check_converted
