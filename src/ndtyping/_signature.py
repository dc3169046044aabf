"""What a decorator reads from the function it wraps: resolved annotations, parameter lists, names.

Shared by `check` (_decorator.py) and `jaxtyped` (_jaxtyped.py), so both resolve forward
references the same way and generate the same parameter lists.
"""

from __future__ import annotations

import inspect
import sys
import typing
from typing import Any, Iterable

from ._errors import AnnotationError

__all__ = ["resolved_hints", "hints_resolve", "parameter_lists", "short_name"]

_PARAMETER = inspect.Parameter


def hints_resolve(obj: Any) -> bool:
    """Whether every annotation of `obj` resolves now (False: one names something defined later)."""
    try:
        typing.get_type_hints(obj, include_extras=True)
    except AnnotationError:
        raise  # a malformed annotation is the user's to fix, never a reason to skip checks
    except Exception:
        return False
    return True


def resolved_hints(obj: Any) -> dict[str, Any]:
    """The annotations of `obj` (a function or a class) as objects; one that cannot be resolved is left out."""
    try:
        return typing.get_type_hints(obj, include_extras=True)
    except AnnotationError:
        raise
    except Exception:
        pass
    hints: dict[str, Any] = {}
    namespace = getattr(obj, "__globals__", None)
    if namespace is None:  # a class: its module's globals, if the module is still around
        module = sys.modules.get(getattr(obj, "__module__", "") or "")
        namespace = vars(module) if module is not None else {}
    for key, annotation in dict(getattr(obj, "__annotations__", {}) or {}).items():
        if isinstance(annotation, str):
            try:
                annotation = eval(annotation, dict(namespace))  # noqa: S307 (the user's own annotation)
            except AnnotationError:
                raise
            except Exception:
                continue
        hints[key] = annotation
    return hints


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
