"""What a decorator reads from the function it wraps: resolved annotations, parameter lists, names.

Shared by `check` (_decorator.py) and `jaxtyped` (_jaxtyped.py), so both resolve forward
references the same way and generate the same parameter lists.
"""

from __future__ import annotations

import inspect
import sys
import typing
from typing import Any, Iterable, Optional

from .._errors import AnnotationError
from .typecheck import compile_annotation

__all__ = [
    "DeferredAnnotation",
    "decoration_locals",
    "resolved_hints",
    "hints_resolve",
    "parameter_lists",
    "short_name",
]

_PARAMETER = inspect.Parameter


def hints_resolve(obj: Any, localns: Optional[dict[str, Any]] = None) -> bool:
    """Whether every annotation of `obj` resolves now (False: one names something defined later)."""
    try:
        typing.get_type_hints(obj, localns=localns, include_extras=True)
    except AnnotationError:
        raise  # a malformed annotation is the user's to fix, never a reason to skip checks
    except Exception:
        return False
    return True


def resolved_hints(obj: Any, localns: Optional[dict[str, Any]] = None, deferred: bool = False) -> dict[str, Any]:
    """The annotations of `obj` (a function or a class) as objects.

    Names are looked up in the module's globals, then `localns` (the class namespace and the
    names visible where `obj` was decorated). An annotation that cannot be resolved now is,
    with `deferred`, a DeferredAnnotation (resolved at its first check, or an AnnotationError
    then); without, it is left out (for external typecheckers, which resolve it themselves).
    """
    try:
        return typing.get_type_hints(obj, localns=localns, include_extras=True)
    except AnnotationError:
        raise
    except Exception:
        pass
    hints: dict[str, Any] = {}
    namespace = _globals_of(obj)
    for key, annotation in dict(getattr(obj, "__annotations__", {}) or {}).items():
        if isinstance(annotation, typing.ForwardRef):
            annotation = annotation.__forward_arg__
        if isinstance(annotation, str):
            try:
                annotation = eval(
                    annotation, dict(namespace), dict(localns or {})
                )  # the user's own annotation, as typing does
            except AnnotationError:
                raise
            except Exception:
                if not deferred:
                    continue
                what = (
                    "return value" if key == "return" else f"{'field' if isinstance(obj, type) else 'argument'} {key!r}"
                )
                annotation = DeferredAnnotation(annotation, namespace, localns, f"{short_name(obj)}() {what}")
        hints[key] = annotation
    return hints


def _globals_of(obj: Any) -> dict[str, Any]:
    namespace = getattr(obj, "__globals__", None)
    if namespace is None:  # a class: its module's globals, if the module is still around
        module = sys.modules.get(getattr(obj, "__module__", "") or "")
        namespace = vars(module) if module is not None else {}
    return namespace  # type: ignore[no-any-return]


def decoration_locals(depth: int) -> Optional[dict[str, Any]]:
    """The local names where a decorator was applied (a class or a function defined in a function),
    so that `def f(x: "Local")` can name them; None at module level (the globals are used anyway)."""
    try:
        frame: Any = sys._getframe(depth + 1)
    except ValueError:
        return None
    found: dict[str, Any] = {}
    # A class body (code not CO_OPTIMIZED) sees no names of the function around it, but its
    # methods' annotations may use them (`class M: def f(self, x: Local)` inside a function):
    # the enclosing frames are read too, out to the first function, inner names first.
    while frame is not None and frame.f_locals is not frame.f_globals:
        found = {**frame.f_locals, **found}
        if frame.f_code.co_flags & inspect.CO_OPTIMIZED:
            break
        frame = frame.f_back
    return found or None


class DeferredAnnotation:
    """A postponed annotation that did not resolve at decoration: resolved when first checked.

    By then the names it uses (a class defined later in the module, the decorated class itself)
    usually exist; if one still does not, checking raises an AnnotationError that says which
    annotation, which name and where ndtyping looked. It is never silently left unchecked.
    """

    __slots__ = ("text", "globals", "locals", "where", "_checker")

    def __init__(self, text: str, globals_: dict[str, Any], locals_: Optional[dict[str, Any]], where: str) -> None:
        self.text = text
        self.globals = globals_
        self.locals = locals_
        self.where = where
        self._checker: Any = None

    def resolve(self) -> Any:
        try:
            return eval(self.text, dict(self.globals), dict(self.locals or {}))  # noqa: S307 (the user's own annotation)
        except AnnotationError:
            raise
        except Exception as err:
            raise AnnotationError(
                f"{self.where}: the annotation {self.text!r} cannot be resolved ({type(err).__name__}: {err}); "
                "ndtyping looks names up in the module's globals, the class namespace and the names visible "
                "where the function was decorated, when decorating and again at the first call"
            ) from None

    def _ndt_build_checker(self) -> Any:
        def check_deferred(value: Any, scope: Any, where: str) -> str:
            if self._checker is None:
                checker = compile_annotation(self.resolve())
                self._checker = checker if checker is not None else (lambda value, scope, where: "")
            return self._checker(value, scope, where)  # type: ignore[no-any-return]

        return check_deferred

    def __repr__(self) -> str:
        return self.text


def parameter_lists(parameters: Iterable[inspect.Parameter], namespace: dict[str, Any]) -> tuple[str, str]:
    """The source of a parameter list and of the call that passes every parameter on.

    `a, b=_ndt_default_1, /, *args, c, **kw` and `a, b, *args, c=c, **kw`; the defaults are
    stored in `namespace` under the names the parameter list uses.
    """
    params: list[str] = []
    call: list[str] = []
    in_positional_only = False
    starred = False
    for index, param in enumerate(parameters):
        kind = param.kind
        if kind is _PARAMETER.POSITIONAL_ONLY:
            in_positional_only = True
        elif in_positional_only:
            params.append("/")
            in_positional_only = False
        default = ""
        if param.default is not _PARAMETER.empty:
            namespace[f"_ndt_default_{index}"] = param.default
            default = f"=_ndt_default_{index}"
        if kind is _PARAMETER.VAR_POSITIONAL:
            params.append("*" + param.name)
            call.append("*" + param.name)
            starred = True
        elif kind is _PARAMETER.VAR_KEYWORD:
            params.append("**" + param.name)
            call.append("**" + param.name)
        elif kind is _PARAMETER.KEYWORD_ONLY:
            if not starred:
                params.append("*")
                starred = True
            params.append(param.name + default)
            call.append(f"{param.name}={param.name}")
        else:
            params.append(param.name + default)
            call.append(param.name)
    if in_positional_only:
        params.append("/")
    return ", ".join(params), ", ".join(call)


def short_name(obj: Any) -> str:
    """`Model.forward`, without the `test.<locals>.` prefix of nested definitions."""
    name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or "function"
    return str(name).rsplit("<locals>.", 1)[-1]
