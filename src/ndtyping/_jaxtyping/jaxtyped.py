"""`jaxtyped`: jaxtyping's decorator, with jaxtyping's meaning, on ndtyping's bindings.

`typechecker=None` only opens a scope of dimension bindings for each call, so the
`isinstance` checks in the body agree with each other. With an external typechecker
(beartype, typeguard, any decorator, or a dotted name such as "beartype.beartype"), that
checker validates the arguments and the return value inside the same scope, so a dimension
bound by one argument is seen by the others and by the result. A violation the external
checker finds is re-raised as ndtyping's TypeCheckError (a TypeError), chained to the original.

The external checker never wraps the function itself: it decorates a *probe*, a bodiless
function with the same parameters and annotations, which is called with the arguments
before the body runs (and a one-parameter probe for the result). So an exception raised by
the body is never mistaken for a type error.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
import importlib
import inspect
import types
import typing
import warnings
from typing import Any, Callable, ContextManager, Iterator, Literal, Optional, TypeVar, overload

from .._config import checks_disabled, config
from .._errors import ConfigurationError, NdtypingError, TypeCheckError, check_failure
from .._runtime.bindings import Scope, current_scope, enter, leave
from .._runtime.codegen import define
from .._runtime.dataclass_fields import ArgumentCheck, FieldCheck, FieldChecks, check_fields_after_init
from .._runtime.decorator import NATIVE_FIELD_CHECKS, check
from .._runtime.engine import describe_value
from .._runtime.ndarray import is_generic_array
from .._runtime.signature import hints_resolve, parameter_lists, resolved_hints, short_name
from .._runtime.typecheck import alias_target, compile_annotation, reads_arguments, with_args

_UNION_TYPE: Any = getattr(types, "UnionType", ())  # 3.10+: `int | None`

__all__ = ["jaxtyped", "resolve_typechecker", "field_checks_for", "bindings_scope"]


class _Missing:
    def __repr__(self) -> str:
        return "<not given>"


_MISSING: Any = _Missing()
_PARAMETER = inspect.Parameter
T = TypeVar("T")


def resolve_typechecker(typechecker: Any, *, who: str) -> Optional[Callable[..., Any]]:
    """None, a decorator, or the dotted name of one ("beartype.beartype") -> None or the decorator."""
    if typechecker is None:
        return None
    if isinstance(typechecker, str):
        return _import_dotted(typechecker, who)
    if callable(typechecker):
        return typechecker
    raise ConfigurationError(
        f"{who}: typechecker must be None, a decorator such as beartype.beartype, or its dotted name "
        f'as a string ("beartype.beartype", "typeguard.typechecked"); got {typechecker!r}'
    )


def _import_dotted(path: str, who: str) -> Callable[..., Any]:
    module_name, _, attribute = path.strip().rpartition(".")
    if not module_name or not attribute.isidentifier():
        raise ConfigurationError(
            f'{who}: typechecker {path!r} is not a dotted name such as "beartype.beartype" or "typeguard.typechecked"'
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ConfigurationError(
            f"{who}: cannot import {module_name!r} for the typechecker {path!r} ({error})"
        ) from error
    found = getattr(module, attribute, None)
    if found is None or not callable(found):
        raise ConfigurationError(
            f"{who}: module {module_name!r} has no decorator named {attribute!r} (typechecker {path!r})"
        )
    return found  # type: ignore[no-any-return]


@overload
def jaxtyped(fn: Literal["context"], /) -> ContextManager[None]: ...
@overload
def jaxtyped(fn: T, /, *, typechecker: Any = ...) -> T: ...
@overload
def jaxtyped(*, typechecker: Any) -> Callable[[T], T]: ...
def jaxtyped(fn: Any = _MISSING, /, *, typechecker: Any = _MISSING) -> Any:
    """Check `fn` with `typechecker` inside one scope of dimension bindings per call.

    - `@jaxtyped(typechecker=None)`: no checks of its own; each call opens a scope, so
      `isinstance(x, Float[np.ndarray, "b c"])` in the body shares bindings.
    - `@jaxtyped(typechecker=beartype)` (or typeguard's `typechecked`, any decorator, or a
      dotted name): that checker validates arguments and result; dims are shared.
    - `@jaxtyped(typechecker=ndtyping.check)` is simply `check`.
    - On a dataclass: its fields are checked after `__init__`. Other classes are returned
      unchanged (as in jaxtyping; use `check` on a class to check every method).
    - `with jaxtyped("context"):` opens a scope for a block.
    """
    if isinstance(fn, str):
        if fn != "context":
            raise ConfigurationError(f'jaxtyped({fn!r}): the only string jaxtyped accepts is "context"')
        if typechecker is not _MISSING:
            raise ConfigurationError('jaxtyped("context") opens a scope for a block; it takes no typechecker')
        return bindings_scope()
    if typechecker is _MISSING and fn is not _MISSING:
        # jaxtyping's old spelling, `@jaxtyped` over `@beartype`: still works (the inner checker
        # runs inside the scope), and is deprecated there; say so, as jaxtyping does.
        warnings.warn(
            "As of jaxtyping version 0.2.24, `@jaxtyped` without a typechecker is deprecated; ndtyping keeps "
            "its meaning (a scope of bindings only). Write `@jaxtyped(typechecker=beartype)` to check with "
            "beartype, `@jaxtyped(typechecker=None)` for a scope only, or use `ndtyping.check`.",
            DeprecationWarning,
            stacklevel=2,
        )
    checker = None if typechecker is _MISSING else resolve_typechecker(typechecker, who="jaxtyped()")
    if fn is _MISSING:
        return functools.partial(jaxtyped, typechecker=checker)
    return _apply(fn, checker)


@contextlib.contextmanager
def bindings_scope(name: str = "jaxtyped context") -> Iterator[None]:
    """A scope of dimension bindings for a block: `isinstance` checks inside it share dims."""
    token = enter(Scope(name, None))
    try:
        yield
    finally:
        leave(token)


def _apply(obj: Any, checker: Optional[Callable[..., Any]]) -> Any:
    if checks_disabled():
        return obj  # the same switch as `check`'s
    if checker is check:
        return check(obj)
    if isinstance(obj, (staticmethod, classmethod)):
        return type(obj)(_apply(obj.__func__, checker))
    if isinstance(obj, property):
        parts = [None if f is None else _apply(f, checker) for f in (obj.fget, obj.fset, obj.fdel)]
        return property(*parts, doc=obj.__doc__)
    if getattr(obj, "__no_type_check__", False):
        return obj
    if isinstance(obj, type):
        if dataclasses.is_dataclass(obj):
            check_fields_after_init(obj, field_checks_for(checker))
        return obj
    if not callable(obj):
        raise ConfigurationError(f"jaxtyped() decorates a function or a class, not {type(obj).__name__}")
    wrapped = _scoped(obj) if checker is None else _externally_checked(obj, checker)
    wrapped._ndt_jaxtyped = True  # type: ignore[attr-defined]  # a dataclass decorated as a whole keeps such an __init__
    return wrapped


def _scoped(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` with a fresh scope of bindings around each call (and each step of a generator).

    When `fn` is already checked by another decorator (jaxtyping's old spelling, `@jaxtyped`
    over `@beartype`), that checker's `isinstance` calls run in this scope, so `{argument}`
    sizes need the call's arguments in it.
    """
    name = short_name(fn)
    arguments = _ArgumentsForScope(fn)
    if inspect.isgeneratorfunction(fn):

        @functools.wraps(fn)
        def generator_wrapper(*args: Any, **kwargs: Any) -> Any:
            context = contextvars.copy_context()
            context.run(enter, Scope(name, arguments(args, kwargs)))
            return _run_in_context(context, context.run(fn, *args, **kwargs))

        return generator_wrapper
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            token = enter(Scope(name, arguments(args, kwargs)))
            try:
                return await fn(*args, **kwargs)
            finally:
                leave(token)

        return async_wrapper

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        token = enter(Scope(name, arguments(args, kwargs)))
        try:
            return fn(*args, **kwargs)
        finally:
            leave(token)

    return wrapper


class _ArgumentsForScope:
    """The call's arguments by name, for a scope, when an annotation of `fn` reads them (`{dim}`)."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.signature: Optional[inspect.Signature] = None
        self.decided = False

    def __call__(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Optional[dict[str, Any]]:
        if not self.decided:
            # Decided at the first call: an annotation may name a class defined after `fn`.
            self.decided = True
            if any(reads_arguments(hint) for hint in resolved_hints(self.fn).values()):
                self.signature = inspect.signature(self.fn)
        if self.signature is None:
            return None
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError:
            return None  # a wrong call: the function raises its own TypeError
        bound.apply_defaults()
        return dict(bound.arguments)


def _run_in_context(context: contextvars.Context, gen: Any) -> Any:
    """Drive `gen` so that every step of its body runs in `context` (the call's scope)."""
    step, argument = gen.send, None
    while True:
        try:
            item = context.run(step, argument)
        except StopIteration as stop:
            return stop.value
        try:
            step, argument = gen.send, (yield item)
        except GeneratorExit:
            gen.close()
            raise
        except BaseException as thrown:  # .throw() on the wrapper goes into the wrapped generator
            step, argument = gen.throw, thrown


# ---------------------------------------------------------------------------------------------
# External typecheckers


class _ParameterViolation(Exception):
    """A per-parameter backend (typeguard's check_type) found `error` for parameter `name`."""

    def __init__(self, name: str, error: BaseException) -> None:
        super().__init__(name, error)
        self.name = name
        self.error = error


def _checker_label(typechecker: Callable[..., Any]) -> str:
    module = getattr(typechecker, "__module__", None) or ""
    return module.split(".", 1)[0] or getattr(typechecker, "__name__", repr(typechecker))


def _uses_check_type(typechecker: Callable[..., Any]) -> bool:
    """typeguard >= 3 instruments source code, so it cannot decorate a probe; use its check_type."""
    if _checker_label(typechecker) != "typeguard":
        return False
    import typeguard

    return hasattr(typeguard, "TypeCheckError")  # 3+; typeguard 2 wraps, and can decorate a probe


class _ExternalViewMeta(type):
    """`isinstance` on the view runs ndtyping's checker for the annotation, in the call's scope."""

    _ndt_checker: Any

    def __instancecheck__(cls, value: Any) -> bool:
        scope = current_scope()
        return not cls._ndt_checker(value, scope if scope is not None else Scope(), "isinstance")


@functools.lru_cache(maxsize=1024)
def _external_view(annotation: Any) -> Any:
    checker = compile_annotation(annotation)
    if checker is None:
        return Any
    # No custom __repr__: the default `<class 'ndtyping.PyTree[...]'>` keeps beartype's repr rules happy.
    return _ExternalViewMeta(repr(annotation), (), {"_ndt_checker": checker, "__module__": "ndtyping"})


def _for_external(annotation: Any, seen: frozenset[int] = frozenset()) -> Any:
    """External checkers understand classes: ndtyping annotations that are not one (PyTree[...],
    NDArray[...]) become one, wherever they are (`Optional[PyTree[...]]`, `list[NDArray[...]]`).

    Type aliases are replaced by what they stand for: typeguard does not look into an alias of an
    alias, nor into a generic one, and neither checker looks into an alias of `NDArray[...]`.
    """
    if isinstance(annotation, type) and typing.get_origin(annotation) is None:  # <=3.10: list[X] is a type
        return annotation
    if getattr(annotation, "_ndt_build_checker", None) is not None or is_generic_array(annotation):
        try:
            return _external_view(annotation)
        except TypeError:  # unhashable
            return _external_view.__wrapped__(annotation)
    target = alias_target(annotation)
    if target is not None:
        if id(annotation) in seen:  # a recursive alias: the checker follows it (or not) itself
            return annotation
        return _for_external(target, seen | {id(annotation)})
    members = typing.get_args(annotation)
    translated = tuple(_for_external(member, seen) for member in members)
    if isinstance(annotation, _UNION_TYPE) and translated:
        # `X | Y` as typing.Union too: typeguard 2 checks no other kind of union (jaxtyping
        # patches typeguard for it; ndtyping hands it the union it knows instead).
        return typing.Union[translated]  # type: ignore[return-value]
    return with_args(annotation, translated)


def _probe_checker(
    typechecker: Callable[..., Any], parameters: list[inspect.Parameter], name: str, qualname: str, module: str
) -> Callable[..., Any]:
    """A callable that raises the external checker's error when its arguments do not fit `parameters`."""
    parameters = [p.replace(annotation=_for_external(p.annotation)) for p in parameters]
    if _uses_check_type(typechecker):
        return _typeguard_checker(parameters)
    namespace: dict[str, Any] = {}
    params, _ = parameter_lists(parameters, namespace)
    probe = define(f"def probe({params}):\n    pass\n", "probe", namespace, f"probe of {qualname}")
    probe.__annotations__ = {p.name: p.annotation for p in parameters if p.annotation is not _PARAMETER.empty}
    probe.__name__, probe.__qualname__, probe.__module__ = name, qualname, module
    return typechecker(probe)  # type: ignore[no-any-return]


def _typeguard_checker(parameters: list[inspect.Parameter]) -> Callable[..., Any]:
    import typeguard

    signature = inspect.Signature(parameters)
    annotated = {p.name: p for p in parameters if p.annotation is not _PARAMETER.empty}

    def check_arguments(*args: Any, **kwargs: Any) -> None:
        bound = signature.bind(*args, **kwargs)
        for name, value in bound.arguments.items():
            param = annotated.get(name)
            if param is None:
                continue
            if param.kind is _PARAMETER.VAR_POSITIONAL:
                items = list(value)
            elif param.kind is _PARAMETER.VAR_KEYWORD:
                items = list(value.values())
            else:
                items = [value]
            for item in items:
                try:
                    typeguard.check_type(item, param.annotation)
                except typeguard.TypeCheckError as error:
                    raise _ParameterViolation(name, error) from error

    return check_arguments


class _ExternalChecks:
    """The argument and result checks of one function, done by an external typechecker.

    Built at decoration time, or at the first call when an annotation names something that is
    defined later in the module (`-> "Model"`).
    """

    def __init__(self, fn: Callable[..., Any], typechecker: Callable[..., Any]) -> None:
        self.fn = fn
        self.typechecker = typechecker
        self.label = _checker_label(typechecker)
        self.name = short_name(fn)
        self.signature = inspect.signature(fn)
        self.arguments: Optional[Callable[..., Any]] = None
        self.result: Optional[Callable[..., Any]] = None
        self.reads_arguments = False
        self.built = False
        if hints_resolve(fn):
            self.build()

    def build(self) -> None:
        fn = self.fn
        hints = resolved_hints(fn)
        module = getattr(fn, "__module__", None) or "__main__"
        qualname = getattr(fn, "__qualname__", self.name)
        parameters = [
            p.replace(annotation=hints.get(p.name, _PARAMETER.empty)) for p in self.signature.parameters.values()
        ]
        if any(p.annotation is not _PARAMETER.empty for p in parameters):
            self.arguments = _probe_checker(self.typechecker, parameters, fn.__name__, qualname, module)
        if "return" in hints:
            result = [_PARAMETER("return_value", _PARAMETER.POSITIONAL_ONLY, annotation=hints["return"])]
            self.result = _probe_checker(self.typechecker, result, fn.__name__, qualname, module)
        self.reads_arguments = any(reads_arguments(hint) for hint in hints.values())
        self.built = True

    def scope(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Scope:
        if not self.reads_arguments:
            return Scope(self.name, None)
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError:
            return Scope(self.name, None)
        bound.apply_defaults()
        return Scope(self.name, dict(bound.arguments))

    def check_arguments(self, args: tuple[Any, ...], kwargs: dict[str, Any], scope: Scope) -> bool:
        """Raise TypeCheckError if the arguments do not fit; False if they do not even bind."""
        if self.arguments is None:
            return True
        try:
            self.arguments(*args, **kwargs)
        except NdtypingError:
            raise
        except Exception as error:
            try:
                self.signature.bind(*args, **kwargs)
            except TypeError:
                return False  # a wrong call: let the function raise its own TypeError
            described = ", ".join(
                [describe_value(a) for a in args] + [f"{k}={describe_value(v)}" for k, v in kwargs.items()]
            )
            raise self.violation("argument", error, scope, "called with", described) from _cause(error)
        return True

    def check_result(self, value: Any, scope: Scope) -> None:
        if self.result is None:
            return
        try:
            self.result(value)
        except NdtypingError:
            raise
        except Exception as error:
            raise self.violation("return", error, scope, "returned", describe_value(value)) from _cause(error)

    def violation(self, kind: str, error: BaseException, scope: Scope, got_label: str, got: str) -> TypeCheckError:
        return _rejected(self.name, kind, error, self.label, got_label, got, scope)


def _rejected(
    function: str, kind: str, error: BaseException, label: str, got_label: str, got: str, scope: Scope
) -> TypeCheckError:
    """The error for a value an external typechecker rejected (its message is the reason)."""
    parameter = None
    if isinstance(error, _ParameterViolation):
        parameter = error.name
        error = error.error
    elif kind in ("argument", "field"):
        kind += "s"  # the checker does not say which one: "arguments", "fields"
    return check_failure(
        TypeCheckError,
        function,
        kind=kind,
        parameter=parameter,
        got=got,
        got_label=got_label,
        reason=str(error).strip(),
        bindings=scope.describe(),
        rejected_by=label,
    )


def _original(error: BaseException) -> BaseException:
    return error.error if isinstance(error, _ParameterViolation) else error


def _cause(error: BaseException) -> Optional[BaseException]:
    """What a TypeCheckError is raised from: the checker's own error, or nothing when
    `config.update("jaxtyping_remove_typechecker_stack", True)` asks for a short traceback."""
    return None if config.jaxtyping_remove_typechecker_stack else _original(error)


def _externally_checked(fn: Callable[..., Any], typechecker: Callable[..., Any]) -> Callable[..., Any]:
    checks = _ExternalChecks(fn, typechecker)

    def ready() -> _ExternalChecks:
        if not checks.built:
            checks.build()
        return checks

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            if async_wrapper.__dict__.get("__no_type_check__", False):
                return await fn(*args, **kwargs)
            c = ready()
            scope = c.scope(args, kwargs)
            token = enter(scope)
            try:
                if not c.check_arguments(args, kwargs, scope):
                    return await fn(*args, **kwargs)
                result = await fn(*args, **kwargs)
                c.check_result(result, scope)
                return result
            finally:
                leave(token)

        return async_wrapper

    if inspect.isgeneratorfunction(fn):

        @functools.wraps(fn)
        def generator_wrapper(*args: Any, **kwargs: Any) -> Any:
            if generator_wrapper.__dict__.get("__no_type_check__", False):
                return fn(*args, **kwargs)
            c = ready()
            scope = c.scope(args, kwargs)
            context = contextvars.copy_context()
            context.run(enter, scope)
            context.run(c.check_arguments, args, kwargs, scope)
            gen = context.run(fn, *args, **kwargs)
            context.run(c.check_result, gen, scope)
            return _run_in_context(context, gen)

        return generator_wrapper

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if wrapper.__dict__.get("__no_type_check__", False):
            return fn(*args, **kwargs)  # `@no_type_check` written over `@jaxtyped` (as jaxtyping honours it)
        c = ready()
        scope = c.scope(args, kwargs)
        token = enter(scope)
        try:
            if not c.check_arguments(args, kwargs, scope):
                return fn(*args, **kwargs)
            result = fn(*args, **kwargs)
            c.check_result(result, scope)
            return result
        finally:
            leave(token)

    return wrapper


# ---------------------------------------------------------------------------------------------
# Dataclasses: the one field path is _runtime/dataclass_fields.py; this is how an external
# typechecker checks the fields there.


def field_checks_for(typechecker: Optional[Callable[..., Any]]) -> Optional[FieldChecks]:
    """How `typechecker` checks a dataclass's fields: ndtyping's own checks for `check`, a probe of
    an external checker, or None (a scope only)."""
    if typechecker is None:
        return None
    if typechecker is check:
        return NATIVE_FIELD_CHECKS
    return _ExternalFieldChecks(typechecker)


class _ExternalFieldChecks:
    """The fields (and converted arguments) checked by an external typechecker on a probe: the
    keyword-only parameters of a bodiless function, one per field (`Batch.__init__() field 'x':
    rejected by beartype: ...`)."""

    def __init__(self, typechecker: Callable[..., Any]) -> None:
        self.typechecker = typechecker

    def fields(self, cls: Any, name: str) -> Optional[FieldCheck]:
        typechecker = self.typechecker
        state: dict[str, Any] = {}

        def field_parameters() -> dict[str, inspect.Parameter]:
            """The annotated fields as the probe's parameters, resolved at the first instance (a field
            may name a class defined later)."""
            if "parameters" not in state:
                hints = resolved_hints(cls)
                state["parameters"] = {
                    field.name: _PARAMETER(field.name, _PARAMETER.KEYWORD_ONLY, annotation=hints[field.name])
                    for field in dataclasses.fields(cls)
                    if field.name in hints
                }
                state["probes"] = {}
            return state["parameters"]  # type: ignore[no-any-return]

        def check_externally(instance: Any, scope: Scope) -> None:
            parameters = field_parameters()
            values = {field: getattr(instance, field) for field in parameters if hasattr(instance, field)}
            if not values:
                return
            # A probe per set of fields the instance has: a `field(init=False)` that `__init__` left
            # unset has no value to check yet (as under `check`), and a probe requiring it would fail.
            present = tuple(values)
            probe = state["probes"].get(present)
            if probe is None:
                probe = state["probes"][present] = _probe_checker(
                    typechecker, [parameters[field] for field in present], "__init__", name, cls.__module__
                )
            _run_probe(probe, values, typechecker, name, "field", "fields", scope)

        return check_externally

    def arguments(self, cls: Any, parameters: list[inspect.Parameter], name: str) -> ArgumentCheck:
        typechecker = self.typechecker
        probe = _probe_checker(typechecker, parameters, "__init__", name, cls.__module__)

        def external(values: dict[str, Any], scope: Scope) -> None:
            _run_probe(probe, values, typechecker, name, "argument", "called with", scope)

        return external


def _run_probe(
    probe: Callable[..., Any],
    values: dict[str, Any],
    typechecker: Callable[..., Any],
    name: str,
    kind: str,
    given: str,
    scope: Scope,
) -> None:
    """Call the external checker's probe with `values`; its complaint becomes ndtyping's TypeCheckError."""
    try:
        probe(**values)
    except NdtypingError:
        raise
    except Exception as error:
        described = ", ".join(f"{k}={describe_value(v)}" for k, v in values.items())
        raise _rejected(name, kind, error, _checker_label(typechecker), given, described, scope) from _cause(error)
