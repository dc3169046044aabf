"""The rest of the type contract as methods of the type: `T.values_eq(a, b)`, `T.clone(...)`, ...

Mixed into TypeAsValue (so into both spellings, `NDArray[float32, N]` and `Float32[np.ndarray,
"n"]`). Each method is the function of _type_contract with the type itself as first argument;
_type_contract is imported on first use, so `import ndtyping` does not load it. Runtime only: to a
static checker an alias has no methods, so static users call `ndtyping.values_eq(T, a, b)` and
the other module functions.
"""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["TypeContractMethods"]


class TypeContractMethods:
    __slots__ = ()

    def values_eq(self, a: Any, b: Any) -> bool:
        """Whether arrays `a` and `b` of this type are equal (shape, dtype, values; NaNs in the same places)."""
        from ._type_contract import values_eq

        return values_eq(self, a, b)

    def values_eq_approx(self, a: Any, b: Any, rtol: Optional[float] = None, atol: Optional[float] = None) -> bool:
        """Whether arrays `a` and `b` of this type are equal up to their dtype's tolerance (see ndtyping.values_eq_approx)."""
        from ._type_contract import values_eq_approx

        return values_eq_approx(self, a, b, rtol, atol)

    def may_share_memory(self, a: Any, b: Any) -> bool:
        """Whether arrays `a` and `b` of this type may share memory (False only when they cannot)."""
        from ._type_contract import may_share_memory

        return may_share_memory(self, a, b)

    def get_shape_info(self, x: Any) -> Any:
        """`ShapeInfo(shape, dtype)` of `x`, an array of this type, for `get_size`."""
        from ._type_contract import get_shape_info

        return get_shape_info(self, x)

    def get_size(self, info: Any = None) -> int:
        """The bytes an array of this type takes, from a ShapeInfo, a shape or a mapping of dimension sizes."""
        from ._type_contract import get_size

        return get_size(self, info)

    def clone(self, *, dtype: Any = None, shape: Any = None) -> Any:
        """This type with a new dtype and/or shape, in the same spelling."""
        from ._type_contract import clone

        return clone(self, dtype=dtype, shape=shape)

    def filter_inplace(
        self, value: Any, storage: Any, strict: bool = False, allow_downcast: Optional[bool] = None
    ) -> Any:
        """`filter`, written into `storage` (a writeable numpy array of this type) when the value fits it."""
        from ._type_contract import filter_inplace

        return filter_inplace(self, value, storage, strict, allow_downcast)

    def convert(self, x: Any, allow_downcast: Optional[bool] = None) -> Any:
        """`x`, an array of a related type (another library or dtype), as an array of this type."""
        from ._type_contract import convert

        return convert(self, x, allow_downcast)
