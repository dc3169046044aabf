"""Runtime checks that inform the static checker: `is_array` (a TypeIs) and `as_array`.

`isinstance(x, NDArray[float32, N])` works at runtime, but pyright cannot narrow with it (a
subscripted protocol alias is no class). `is_array(x, T)` runs the same check and tells
pyright that `x` is a `T`; `as_array(x, T)` returns `x` typed as `T`, or raises ShapeError.

Both follow `isinstance`: outside a checked call they start with no bindings; inside a `@check`
call they read the call's dimension bindings and, on success, extend them.

The type parameter is a PEP 747 `TypeForm`, not `type[T]`: `NDArray[...]` aliases (with
DimensionVars) and the jaxtyping spelling (`Annotated[...]` to pyright, which narrows to the
wrapped array type) are both accepted, and a non-type argument is a static error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from .._errors import ShapeError, check_failure
from .array_types import as_spec
from .bindings import Scope, current_scope
from .engine import describe_value, fits, match_array

if TYPE_CHECKING:  # only the checker needs these (TypeForm is in typing_extensions >= 4.13)
    from typing_extensions import TypeForm, TypeIs

__all__ = ["is_array", "as_array"]

_T = TypeVar("_T")


def is_array(value: object, annotation: TypeForm[_T], /) -> TypeIs[_T]:
    """`isinstance(value, annotation)` for an array type, as a TypeIs: `if is_array(x, T):` narrows x to T."""
    return fits(as_spec(annotation, "is_array"), value)


def as_array(value: Any, annotation: TypeForm[_T], /) -> _T:
    """`value`, typed as `annotation` once it is checked to be one; ShapeError otherwise. Nothing is converted."""
    spec = as_spec(annotation, "as_array")
    scope = current_scope()
    if scope is None:
        scope = Scope()
    reason = match_array(spec, value, scope, "as_array")
    if reason:
        raise check_failure(
            ShapeError,
            "as_array",
            expected=spec.label,
            got=describe_value(value),
            reason=reason,
            bindings=scope.describe(),
        )
    return value
