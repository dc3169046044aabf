"""`check`: validate a function's annotated arguments and results at runtime.

The wrapper is generated once per function as Python source with the function's own
parameter list, so a call pays for no `inspect.Signature.bind`: each annotated parameter
is a local, checked by a precompiled checker, in a fresh Scope of dimension bindings
that the return value (and `isinstance` in the body) share.

One wrapper per function, in two sections: when the annotations allow it, the fast path's
section comes first (see _fastpath.py): inline checks that decide the common "it fits" case
and return; anything else falls through to the general section, where every annotation goes
through the engine and a failure is raised, from the wrapper's own line, with the message
written by `_errors.check_failure`. The source is registered with `linecache` (_codegen.py),
so a traceback through the wrapper shows its lines.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
import typing
import weakref
from typing import Any, Callable, Optional, TypeVar, overload

from .._config import checks_disabled
from .._errors import AnnotationError, ConfigurationError, ShapeError, TypeCheckError, check_failure
from .array_types import array_spec
from .bindings import Scope, enter, leave
from .codegen import define
from .engine import describe_value
from .fastpath import fast_section
from .ndarray import describe_generic
from .signature import decoration_locals, hints_resolve, parameter_lists, resolved_hints, short_name
from .typecheck import (
    Checker,
    alias_target,
    annotation_args,
    argument_names,
    bind_self,
    compile_annotation,
    implicit_optional,
    reads_arguments,
)  # fmt: skip

__all__ = ["check", "check_with_names", "describe_annotation", "Failure"]

if typing.TYPE_CHECKING:
    from typing_extensions import ParamSpec

    from .dataclass_fields import ArgumentCheck, FieldCheck

    P = ParamSpec("P")
R = TypeVar("R")
C = TypeVar("C", bound=type)


@overload
def check(fn: C, /) -> C: ...
@overload
def check(fn: Callable[P, R], /) -> Callable[P, R]: ...
def check(fn: Any, /) -> Any:
    """Check the annotated parameters, return value (and yields) of `fn` on every call.

    Works on functions, methods, classmethods, staticmethods, async functions, generators,
    classes (every method) and dataclasses (fields, after `__init__`). Dimension names bind
    across all parameters and the result; each call starts with no bindings.
    Set NDTYPING_DISABLE=1 to make `check` return its argument unchanged.
    """
    # Postponed annotations may name locals of the function where `check` is applied.
    return check_with_names(fn, decoration_locals(1))


def check_with_names(fn: Any, localns: Optional[dict[str, Any]]) -> Any:
    """`check(fn)` with `localns` as the names visible where `fn` is defined (the import hook's
    decorator runs in a frame of its own, so it reads them from its caller)."""
    if checks_disabled():
        return fn
    return _check(fn, localns)


def _check(fn: Any, localns: Optional[dict[str, Any]]) -> Any:
    if isinstance(fn, (staticmethod, classmethod)):
        return type(fn)(_check(fn.__func__, localns))
    if isinstance(fn, functools.partial):  # the underlying function checked, the bound arguments kept
        return functools.partial(_check(fn.func, localns), *fn.args, **fn.keywords)
    if isinstance(fn, property):
        return _check_property(fn, localns)
    if isinstance(fn, functools.cached_property):
        return _check_cached_property(fn, localns)
    if isinstance(fn, type):
        return _check_class(fn, localns)
    if not callable(fn):
        raise ConfigurationError(f"check() decorates a function or a class, not {type(fn).__name__}")
    if getattr(fn, "__no_type_check__", False) or getattr(fn, "_ndt_checked", False):
        return fn
    if not (inspect.isfunction(fn) or inspect.ismethod(fn)) and _annotated_call(fn):
        # A callable object (`__call__` annotated): its calls are checked through a wrapper of the
        # bound `__call__`; the object stays reachable as `__wrapped__`.
        return _wrap_function(fn.__call__, localns)
    try:
        if not inspect.isfunction(fn):  # a function always has one (and _wrap_function reads it)
            inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without a signature has no annotations to check
        if getattr(fn, "__annotations__", None):
            raise ConfigurationError(
                f"check() cannot read the signature of {fn!r}, so its annotations cannot be checked"
            ) from None
        return fn
    if not hints_resolve(fn, localns) and not (inspect.isgeneratorfunction(fn) or inspect.isasyncgenfunction(fn)
                                               or inspect.iscoroutinefunction(fn)):  # fmt: skip
        return _wrap_lazily(fn, localns)
    return _wrap_function(fn, localns)


def _annotated_call(obj: Any) -> bool:
    call = getattr(type(obj), "__call__", None)  # noqa: B004 (the class's, not a callable test)
    return inspect.isfunction(call) and bool(getattr(call, "__annotations__", None))


def _wrap_lazily(fn: Callable[..., Any], localns: Optional[dict[str, Any]]) -> Callable[..., Any]:
    """Annotations that name something defined later (`-> "Model"`): build the checker at first call.

    What still does not resolve then is checked as a DeferredAnnotation, which raises an
    AnnotationError naming it: an annotation is never dropped.
    """
    built: list[Callable[..., Any]] = []

    @functools.wraps(fn)
    def first_call(*args: Any, **kwargs: Any) -> Any:
        if not built:
            built.append(_wrap_function(fn, localns))
        return built[0](*args, **kwargs)

    first_call._ndt_checked = True  # type: ignore[attr-defined]
    return first_call


def describe_annotation(annotation: Any) -> str:
    text = describe_generic(annotation)
    if text is not None:
        return text
    if isinstance(annotation, type) and not typing.get_args(annotation):
        return annotation.__qualname__ if annotation.__module__ == "builtins" else repr(annotation)
    return re.sub(r"\btyping\.", "", repr(annotation))


class Failure:
    """Makes the error for one checked parameter, field or result (built once, used only on failure).

    It returns the error rather than raising it, so the generated wrapper raises it from its
    own line and the traceback ends there, not in ndtyping's internals.
    """

    __slots__ = ("function", "kind", "parameter", "annotation")

    def __init__(self, function: str, kind: str, parameter: Optional[str], annotation: Any) -> None:
        self.function = function
        self.kind = kind  # "argument", "field", "return" or "yield"
        self.parameter = parameter
        self.annotation = annotation

    def __call__(self, value: Any, reason: str, scope: Scope) -> TypeCheckError:
        return check_failure(
            # Decided on failure, not at decoration: a type alias may name a class defined later.
            ShapeError if _mentions_array(self.annotation) else TypeCheckError,
            self.function,
            kind=self.kind,
            parameter=self.parameter,
            expected=describe_annotation(self.annotation),
            got=describe_value(value),
            reason=reason,
            bindings=scope.describe(),
        )


def _mentions_array(annotation: Any, seen: Optional[set[int]] = None) -> bool:
    """Whether an array annotation is part of `annotation`, also behind type aliases: the same
    annotation raises the same error (ShapeError) whether it is written out or named by an alias."""
    try:
        if array_spec(annotation) is not None:  # any spelling of an array type (array_types.py)
            return True
    except Exception:  # an annotation that does not translate: it failed as something else
        return False
    seen = seen if seen is not None else set()
    if id(annotation) in seen:  # a recursive alias (`type Tree = list[Tree] | X`) seen again
        return False
    seen.add(id(annotation))
    target = alias_target(annotation)
    if target is not None:
        return _mentions_array(target, seen)
    return any(_mentions_array(arg, seen) for arg in annotation_args(annotation) if arg is not Ellipsis)


def _wrap_function(fn: Callable[..., Any], localns: Optional[dict[str, Any]] = None) -> Callable[..., Any]:
    signature = inspect.signature(fn)
    hints = resolved_hints(fn, localns, deferred=True)
    _arguments_exist(fn, signature, hints)
    name = short_name(fn)
    is_generator = inspect.isgeneratorfunction(fn)
    is_async_generator = inspect.isasyncgenfunction(fn)
    is_coroutine = inspect.iscoroutinefunction(fn)

    namespace: dict[str, Any] = {
        "_ndt_fn": fn,
        "_ndt_Scope": Scope,
        "_ndt_enter": enter,
        "_ndt_leave": leave,
        "_ndt_name": name,
    }
    params, call = parameter_lists(signature.parameters.values(), namespace)
    body: list[str] = []
    fast_arguments: list[tuple[str, Checker]] = []  # the checked parameters, for the fast path
    fast_possible = not (is_generator or is_async_generator)
    needs_arguments = False
    for index, param in enumerate(signature.parameters.values()):
        pname = param.name
        kind = param.kind
        annotation = hints.get(pname, inspect.Parameter.empty)
        if annotation is inspect.Parameter.empty:
            continue
        annotation = implicit_optional(annotation, param.default)
        checker = compile_annotation(annotation)
        if checker is None:
            continue
        needs_arguments |= reads_arguments(annotation)
        namespace[f"_ndt_check_{index}"] = checker
        namespace[f"_ndt_fail_{index}"] = Failure(name, "argument", pname, annotation)
        fast_arguments.append((pname, checker))
        if kind is inspect.Parameter.VAR_POSITIONAL or kind is inspect.Parameter.VAR_KEYWORD:
            fast_possible = False
            values = pname if kind is inspect.Parameter.VAR_POSITIONAL else f"{pname}.values()"
            body += [
                f"    for _ndt_item in {values}:",
                f"        _ndt_r = _ndt_check_{index}(_ndt_item, _ndt_scope, {pname!r})",
                f"        if _ndt_r: raise _ndt_fail_{index}(_ndt_item, _ndt_r, _ndt_scope)",
            ]
        else:
            body += [
                f"    _ndt_r = _ndt_check_{index}({pname}, _ndt_scope, {pname!r})",
                f"    if _ndt_r: raise _ndt_fail_{index}({pname}, _ndt_r, _ndt_scope)",
            ]

    returns = hints.get("return", inspect.Signature.empty)
    result_checker: Optional[Checker] = None
    yield_checker: Optional[Checker] = None
    if returns is not inspect.Signature.empty:
        if is_generator or is_async_generator:
            yield_type, return_type = _generator_types(returns)
            yield_checker = compile_annotation(yield_type)
            result_checker = compile_annotation(return_type)
            namespace["_ndt_fail_yield"] = Failure(name, "yield", None, yield_type)
            namespace["_ndt_fail_return"] = Failure(name, "return", None, return_type)
            needs_arguments |= reads_arguments(yield_type) or reads_arguments(return_type)
        else:
            result_checker = compile_annotation(returns)
            namespace["_ndt_fail_return"] = Failure(name, "return", None, returns)
            needs_arguments |= reads_arguments(returns)
    namespace["_ndt_check_return"] = result_checker
    namespace["_ndt_check_yield"] = yield_checker
    namespace.setdefault("_ndt_fail_yield", None)
    namespace.setdefault("_ndt_fail_return", None)

    arguments = "None"
    if needs_arguments:
        arguments = "{" + ", ".join(f"{p.name!r}: {p.name}" for p in signature.parameters.values()) + "}"
    prologue = [
        f"    _ndt_scope = _ndt_Scope(_ndt_name, {arguments})",
        "    _ndt_token = _ndt_enter(_ndt_scope)",
        "    try:",
    ]
    body = ["    " + line for line in body]
    invoke = f"_ndt_fn({call})"
    if is_generator or is_async_generator:
        driver = "_ndt_drive_async" if is_async_generator else "_ndt_drive"
        namespace["_ndt_drive"] = _drive_generator
        namespace["_ndt_drive_async"] = _drive_async_generator
        driven = (
            f"{driver}({invoke}, _ndt_scope, _ndt_check_yield, _ndt_fail_yield, _ndt_check_return, _ndt_fail_return)"
        )
        tail = [
            "        pass",  # the try block may hold no argument checks
            "    finally:",
            "        _ndt_leave(_ndt_token)",
        ]
        # The wrapper is itself a generator (an async generator) function, so inspect and pytest
        # (yield fixtures) see what the user wrote; like the body, its checks run at the first step.
        if is_async_generator:
            tail += [f"    _ndt_agen = {driven}", *_ASYNC_FORWARD]
            header = f"async def _ndt_wrapper({params}):"
        else:
            tail += [f"    return (yield from {driven})"]
            header = f"def _ndt_wrapper({params}):"
    else:
        awaited = "await " if is_coroutine else ""
        invoke = awaited + invoke
        tail = [f"        _ndt_result = {invoke}"]
        if result_checker is not None:
            tail += [
                "        _ndt_r = _ndt_check_return(_ndt_result, _ndt_scope, 'return')",
                "        if _ndt_r: raise _ndt_fail_return(_ndt_result, _ndt_r, _ndt_scope)",
            ]
        tail += ["        return _ndt_result", "    finally:", "        _ndt_leave(_ndt_token)"]
        header = f"{'async ' if is_coroutine else ''}def _ndt_wrapper({params}):"

    fast = None
    if fast_possible and not needs_arguments:
        fast = fast_section(name, fast_arguments, result_checker, namespace["_ndt_fail_return"])
    front: list[str] = []
    if fast is not None:
        namespace.update(fast.namespace())
        front = fast.lines(invoke)
    source = "\n".join([header, *front, *prologue, *body, *tail]) + "\n"
    wrapper = define(source, "_ndt_wrapper", namespace, f"check of {name}")
    functools.update_wrapper(wrapper, fn)
    wrapper._ndt_checked = True  # type: ignore[attr-defined]
    wrapper._ndt_source = source  # type: ignore[attr-defined]
    if fast is not None:
        wrapper._ndt_fast_source = "\n".join(front) + "\n"  # type: ignore[attr-defined]
    return wrapper


def _arguments_exist(fn: Any, signature: inspect.Signature, hints: dict[str, Any]) -> None:
    """`{size}` in a shape must name a parameter: found once, at decoration, not at every call."""
    for key, annotation in hints.items():
        missing = argument_names(annotation) - set(signature.parameters)
        if missing:
            where = "the return annotation" if key == "return" else f"the annotation of {key!r}"
            raise AnnotationError(
                f"{short_name(fn)}(): {where} refers to {', '.join(sorted(missing))} in braces, which "
                f"{'is not a parameter' if len(missing) == 1 else 'are not parameters'} of the function "
                f"(its parameters: {', '.join(signature.parameters) or 'none'})"
            )


def _generator_types(returns: Any) -> tuple[Any, Any]:
    origin = typing.get_origin(returns)
    args = typing.get_args(returns)
    import collections.abc as cabc

    if origin in (cabc.Generator,) and args:
        return args[0], args[2] if len(args) > 2 else Any
    if origin in (cabc.Iterator, cabc.Iterable, cabc.AsyncIterator, cabc.AsyncIterable, cabc.AsyncGenerator) and args:
        return args[0], Any
    return Any, Any


def _check_yielded(value: Any, scope: Scope, check_yield: Any, fail_yield: Any) -> None:
    if check_yield is not None:
        reason = check_yield(value, scope, "yield")
        if reason:
            raise fail_yield(value, reason, scope)


def _drive_generator(
    gen: Any, scope: Scope, check_yield: Any, fail_yield: Any, check_return: Any, fail_return: Any
) -> Any:
    """Run `gen` with the call's scope active at every step, checking yields and the result."""
    step, argument = gen.send, None
    while True:
        token = enter(scope)
        try:
            try:
                value = step(argument)
            except StopIteration as stop:
                if check_return is not None:
                    reason = check_return(stop.value, scope, "return")
                    if reason:
                        raise fail_return(
                            stop.value, reason, scope
                        ) from None  # the StopIteration is no part of the failure
                return stop.value
            _check_yielded(value, scope, check_yield, fail_yield)
        finally:
            leave(token)
        try:
            step, argument = gen.send, (yield value)
        except GeneratorExit:
            gen.close()
            raise
        except BaseException as exc:  # throw() on the wrapper goes into the wrapped generator
            step, argument = gen.throw, exc


# `yield` inside the wrapper source, forwarding asend / athrow / aclose to the driven generator.
_ASYNC_FORWARD = [
    "    _ndt_send = None",
    "    _ndt_throw = None",
    "    while True:",
    "        try:",
    "            if _ndt_throw is not None:",
    "                _ndt_exc, _ndt_throw = _ndt_throw, None",
    "                _ndt_item = await _ndt_agen.athrow(_ndt_exc)",
    "            else:",
    "                _ndt_item = await _ndt_agen.asend(_ndt_send)",
    "        except StopAsyncIteration:",
    "            return",
    "        try:",
    "            _ndt_send = yield _ndt_item",
    "        except GeneratorExit:",
    "            await _ndt_agen.aclose()",
    "            raise",
    "        except BaseException as _ndt_e:",
    "            _ndt_throw = _ndt_e",
]


async def _drive_async_generator(
    gen: Any, scope: Scope, check_yield: Any, fail_yield: Any, check_return: Any, fail_return: Any
) -> Any:
    """Run `gen` with the call's scope active at every step; asend, athrow and aclose reach it."""
    to_send: Any = None
    to_throw: Optional[BaseException] = None
    while True:
        token = enter(scope)
        try:
            try:
                if to_throw is not None:
                    exc, to_throw = to_throw, None
                    value = await gen.athrow(exc)
                else:
                    value = await gen.asend(to_send)
            except StopAsyncIteration:
                return
            _check_yielded(value, scope, check_yield, fail_yield)
        finally:
            leave(token)
        try:
            to_send = yield value
        except GeneratorExit:
            await gen.aclose()  # the wrapped generator's `finally` runs now, not at garbage collection
            raise
        except BaseException as exc:
            to_throw = exc


def _is_dataclass(cls: Any) -> bool:
    # A dataclass has imported `dataclasses`; ndtyping does not import it for everyone else.
    dataclasses = sys.modules.get("dataclasses")
    return dataclasses is not None and dataclasses.is_dataclass(cls)


def _class_namespace(cls: Any, localns: Optional[dict[str, Any]]) -> dict[str, Any]:
    """Where a method's or field's annotations look names up besides the module's globals:
    the names where the class was decorated, the class body, and the class itself (`-> "Model"`
    inside `class Model`, before the module binds the name)."""
    return {**(localns or {}), **vars(cls), cls.__name__: cls}


# The decoration-time namespace of each checked dataclass, for its field checks (built elsewhere).
_CLASS_NAMESPACES: weakref.WeakKeyDictionary[type, dict[str, Any]] = weakref.WeakKeyDictionary()


def remember_class_namespace(cls: type, localns: Optional[dict[str, Any]]) -> None:
    """Where a dataclass decorated by other means than `check` (the import hook) resolves its fields."""
    _CLASS_NAMESPACES[cls] = _class_namespace(cls, localns)


def _check_property(prop: property, localns: Optional[dict[str, Any]]) -> property:
    """A property whose getter, setter and deleter are checked (the getter's return annotation)."""
    parts = [None if f is None or getattr(f, "__no_type_check__", False) else _check(f, localns)
             for f in (prop.fget, prop.fset, prop.fdel)]  # fmt: skip
    return property(parts[0] or prop.fget, parts[1] or prop.fset, parts[2] or prop.fdel, prop.__doc__)  # type: ignore[arg-type]


def _check_cached_property(prop: Any, localns: Optional[dict[str, Any]]) -> Any:
    checked = functools.cached_property(_check(prop.func, localns))
    if prop.attrname is not None:  # already attached to a class: attach the replacement the same way
        checked.attrname = prop.attrname
    return checked


def _check_class(cls: C, localns: Optional[dict[str, Any]] = None) -> C:
    namespace = _class_namespace(cls, localns)
    for attribute, member in list(vars(cls).items()):
        if isinstance(member, property):
            setattr(cls, attribute, _check_property(member, namespace))
        elif isinstance(member, functools.cached_property):
            setattr(cls, attribute, _check_cached_property(member, namespace))
        elif isinstance(member, (staticmethod, classmethod)):
            if getattr(member.__func__, "__no_type_check__", False):
                continue
            setattr(cls, attribute, type(member)(_wrap_function(member.__func__, namespace)))
        elif inspect.isfunction(member) and not getattr(member, "__no_type_check__", False):
            if attribute == "__init__" and _is_dataclass(cls):
                continue  # the fields are checked after __init__ instead, below
            setattr(cls, attribute, _wrap_function(member, namespace))
    if _is_dataclass(cls):
        _CLASS_NAMESPACES[cls] = namespace
        # On the first checked dataclass: `import ndtyping` loads neither dataclasses nor this path.
        from .dataclass_fields import check_fields_after_init

        check_fields_after_init(cls, NATIVE_FIELD_CHECKS)
    return cls


class _NativeFieldChecks:
    """`check`'s own checks of a dataclass's fields (see dataclass_fields.FieldChecks)."""

    def fields(self, cls: Any, name: str) -> Optional[FieldCheck]:
        # Built at decoration: a malformed annotation fails there.
        import dataclasses

        hints = resolved_hints(cls, _CLASS_NAMESPACES.get(cls) or _class_namespace(cls, None), deferred=True)
        label = short_name(cls)
        fields = []
        for field in dataclasses.fields(cls):
            annotation = bind_self(hints.get(field.name, field.type), cls)
            checker = compile_annotation(annotation)
            if checker is not None:
                fields.append((field.name, checker, Failure(label, "field", field.name, annotation)))

        def check_fields(instance: Any, scope: Scope) -> None:
            for field_name, checker, fail in fields:
                try:
                    value = getattr(instance, field_name)
                except AttributeError:  # `field(init=False)` that __init__ left unset: no value to check yet
                    continue
                reason = checker(value, scope, field_name)
                if reason:
                    raise fail(value, reason, scope)

        return check_fields

    def arguments(self, cls: Any, parameters: list[inspect.Parameter], name: str) -> ArgumentCheck:
        checks = [
            (p.name, compile_annotation(p.annotation), Failure(name, "argument", p.name, p.annotation))
            for p in parameters
        ]

        def check_arguments(values: dict[str, Any], scope: Scope) -> None:
            for field, checker, fail in checks:
                if field in values and checker is not None:
                    reason = checker(values[field], scope, field)
                    if reason:
                        raise fail(values[field], reason, scope)

        return check_arguments


NATIVE_FIELD_CHECKS = _NativeFieldChecks()
