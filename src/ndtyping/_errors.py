"""The exceptions ndtyping raises, and the one function that writes a failed check's message.

Every failure a user can cause is one of these, so callers can catch ndtyping's errors
without catching unrelated bugs. Their `__module__` is "ndtyping" (where they are exported),
so tracebacks print `ndtyping.ShapeError`.

A failed check (TypeCheckError and its subclasses) carries its parts as attributes:
`function`, `parameter` (a parameter or field name, "return" or "yield"), `expected`, `got`,
`reason` and `bindings`; `check_failure` below builds both the message and the attributes.
A new field goes there and into TypeCheckError.__init__.
"""

from __future__ import annotations

from typing import Optional, TypeVar

__all__ = [
    "NdtypingError",
    "AnnotationError",
    "ConfigurationError",
    "TypeCheckError",
    "ShapeError",
    "check_failure",
]


class NdtypingError(Exception):
    """Base class of every error ndtyping raises on purpose."""


class AnnotationError(NdtypingError, ValueError):
    """An annotation is malformed: a bad shape string, an unknown dtype, an unsafe expression.

    A ValueError too, as the same mistake is in jaxtyping, so code that catches it keeps working.
    """


class ConfigurationError(NdtypingError, ValueError):
    """ndtyping was set up wrongly: a bad package name for the import hook, an unknown typechecker."""


class TypeCheckError(NdtypingError, TypeError):
    """A value does not match its annotation (raised by `check` and `jaxtyped`).

    The attributes are None where a part does not apply (`bindings` outside a checked call).
    """

    function: Optional[str]
    parameter: Optional[str]
    expected: Optional[str]
    got: Optional[str]
    reason: Optional[str]
    bindings: Optional[str]

    def __init__(
        self,
        message: str,
        *,
        function: Optional[str] = None,
        parameter: Optional[str] = None,
        expected: Optional[str] = None,
        got: Optional[str] = None,
        reason: Optional[str] = None,
        bindings: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.function = function
        self.parameter = parameter
        self.expected = expected
        self.got = got
        self.reason = reason
        self.bindings = bindings


class ShapeError(TypeCheckError):
    """An array does not match its annotation: wrong type, dtype, rank or dimension size."""


for _error in (NdtypingError, AnnotationError, ConfigurationError, TypeCheckError, ShapeError):
    _error.__module__ = "ndtyping"
del _error


_E = TypeVar("_E", bound=TypeCheckError)


def _what(parameter: Optional[str], kind: str) -> str:
    """`argument 'x'`, `field 'x'`, `return value`, `yielded value`, or "" for the whole call."""
    if kind == "return":
        return "return value"
    if kind == "yield":
        return "yielded value"
    if parameter is None:
        return kind  # "arguments", "fields": an external checker that does not say which one
    return f"{kind} {parameter!r}"


def check_failure(
    error_type: type[_E],
    function: str,
    *,
    kind: str = "",
    parameter: Optional[str] = None,
    expected: Optional[str] = None,
    got: Optional[str] = None,
    reason: str,
    bindings: Optional[str] = None,
    rejected_by: Optional[str] = None,
    got_label: str = "got",
) -> _E:
    """The error for one failed check; every check failure's message is written here.

        f() argument 'x': expected f32[n m], got f64[2,3](numpy)
          reason: dtype float64 is not float32
          bindings: n=2 (x)

    `kind` is "argument", "field", "return", "yield" (or "" for a whole-call check such as
    `filter()`); `rejected_by` names an external typechecker (beartype, typeguard), whose own
    message is the reason and whose view of the value follows as `got_label: got`.
    """
    what = _what(parameter, kind) if kind else ""
    head = f"{function}() {what}: " if what else f"{function}(): "
    if rejected_by is not None:
        body = f"rejected by {rejected_by}: {reason}"
        if got is not None:
            body += f"\n  {got_label}: {got}"
    else:
        body = f"expected {expected}, got {got}\n  reason: {reason}"
    if bindings is not None:
        body += f"\n  bindings: {bindings}"
    if kind == "return":
        parameter = "return"
    elif kind == "yield":
        parameter = "yield"
    return error_type(
        head + body,
        function=function,
        parameter=parameter,
        expected=expected,
        got=got,
        reason=reason,
        bindings=bindings,
    )
