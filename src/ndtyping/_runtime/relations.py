"""Array types as values: subtyping (`is_super`), classes, validity and conversion (`filter`).

The public functions; the two concepts behind them live in _subtyping.py (whether one type
covers another) and _filtering.py (converting a value to a type).

Every function takes array types in either spelling (`NDArray[float32, N]`, `Float32[np.ndarray,
"n"]`, a bare `Float` or `NDArray`) or an ArraySpec, and reads them through the one ArraySpec.

The relations are about types on their own, outside any checked call: a dimension name is a
pattern variable that only has to be consistent within the one array (as `isinstance` outside
`@check`), so `"n n"` is the square arrays and `"n"` is every vector.

`is_super` is sound, not complete: True means every array of type U is of type T. Where a
spec is too expressive to decide exactly (symbolic dimensions such as `n+1`, a variadic name
reused as an axis name), U's constraints are weakened and T's strengthened, so the answer
errs towards False, never towards a wrong True.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, TypeVar

from .._errors import TypeCheckError
from .array_types import as_spec
from .bindings import Scope
from .engine import ArraySpec, match_array, safe_repr
from .filtering import convert, filter_error
from .subtyping import fixed_sizes, same_category, shape_covers, types_cover

if TYPE_CHECKING:  # only the checker needs it (TypeForm is in typing_extensions >= 4.13)
    from typing_extensions import TypeAlias, TypeForm

    # An array type in either spelling (PEP 747: a non-type argument is a static error). ndtyping's
    # own modules also pass an ArraySpec (as_spec reads it), but that type is internal and stays
    # out of the public signatures.
    ArrayType: TypeAlias = TypeForm[Any]

__all__ = ["as_spec", "is_super", "in_same_class", "is_valid_value", "filter", "filter_spec"]

_T = TypeVar("_T")


# --------------------------------------------------------------------------- reading a type


# --------------------------------------------------------------------------- is_super


def is_super(t: ArrayType, u: ArrayType) -> bool:
    """True when every array of type `u` is also of type `t` (T is U or more general).

    The array classes of U are subclasses of T's, U's dtype category is inside T's, and every
    shape U accepts T accepts: same rank (or T has a variadic part that absorbs the extra
    axes), each fixed axis of T fixed to the same size in U, each name repeated in T matched by
    axes that are equal in U. `NDArray[float32, L[2], Any]` is a super of
    `NDArray[float32, L[2], L[1]]`, not the reverse.
    """
    ts, us = as_spec(t, "is_super"), as_spec(u, "is_super")
    return types_cover(ts.types, us.types) and ts.category.issuperset(us.category) and shape_covers(ts.shape, us.shape)


# --------------------------------------------------------------------------- in_same_class


def in_same_class(t: ArrayType, u: ArrayType) -> bool:
    """Same dtype category and rank, and compatible sizes wherever both fix an axis.

    The array classes are not compared (an `NDArray` and a `Float32[np.ndarray, ...]` of the
    same dtype and rank are in one class). With variadic parts, both must have the variadic
    part at the same place with the same number of axes around it.
    """
    ts, us = as_spec(t, "in_same_class"), as_spec(u, "in_same_class")
    if not same_category(ts.category, us.category):
        return False
    a, b = ts.shape, us.shape
    if a.variadic != b.variadic or len(a.dims) != len(b.dims):
        return False
    for x, y in zip(a.dims, b.dims):
        sx, sy = fixed_sizes(x), fixed_sizes(y)
        if sx is not None and sy is not None and not (sx & sy):
            return False
    return True


# --------------------------------------------------------------------------- is_valid_value


def is_valid_value(t: ArrayType, value: Any) -> bool:
    """Whether `value` already is an array of type `t` (nothing converted).

    Judged on its own, like `isinstance` outside a checked call: the bindings of a running
    `@check` call are neither read nor extended.
    """
    return not match_array(as_spec(t, "is_valid_value"), value, Scope(), "is_valid_value")


# --------------------------------------------------------------------------- filter


def filter(
    t: TypeForm[_T], value: Any, strict: bool = False, allow_downcast: Optional[bool] = None
) -> _T:  # shadows the builtin: ndtyping.filter
    """Return `value` as an array of type `t`.

    A value that already is one is returned as it is. `strict=True` allows nothing else: any
    other value is a ShapeError (a TypeError). Otherwise lists, scalars, arrays of another
    dtype and arrays of another library (numpy <-> jax, when `t` names one) are converted:
    - `allow_downcast=None` (default): when every value survives exactly (`[[1, 2, 3]]` to
      float32 is fine, float64 `0.1` to float32 is not);
    - `allow_downcast=False`: only when numpy's casting rules call the dtype change safe;
    - `allow_downcast=True`: always (the values may change).
    The shape is never changed: a value of the wrong shape is a ShapeError.
    """
    return filter_spec(as_spec(t, "filter"), value, strict, allow_downcast)


def filter_spec(spec: ArraySpec, value: Any, strict: bool = False, allow_downcast: Optional[bool] = None) -> Any:
    """`filter` for an ArraySpec (what the annotation classes' `.filter` methods call)."""
    if not isinstance(strict, bool):
        raise TypeCheckError(f"filter(): strict must be True or False, not {safe_repr(strict, 120)}")
    if allow_downcast is not None and not isinstance(allow_downcast, bool):
        raise TypeCheckError(
            f"filter(): allow_downcast must be None, True or False, not {safe_repr(allow_downcast, 120)}"
        )
    reason = match_array(spec, value, Scope(), "filter")
    if not reason:
        return value
    if strict:
        raise filter_error(spec, value, f"{reason} (strict=True converts nothing)")
    return convert(spec, value, allow_downcast)
