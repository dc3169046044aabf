"""The type as a value: the methods every runtime array type offers (`T.is_super(U)`, ...).

Mixed into the metaclass of the jaxtyping-style annotations (`Float32[np.ndarray, "n"]`) and into
the runtime NDArray alias (`NDArray[float32, N]`), so both spellings answer the same way. Each
method is the public function of relations.py with the type itself as first argument; relations
is imported on first use, so that `import ndtyping` does not load it (relations.py reads types
through array_types.py only, so this is no cycle).
Runtime only: to a static checker an alias has no methods, so static users call
`ndtyping.is_super(T, U)` and the other module functions.
"""

from __future__ import annotations

from types import MethodType
from typing import Any, Optional

__all__ = ["TypeAsValue"]


class _ContractMethod:
    """`T.values_eq(a, b)`, `T.clone(dtype=...)`, ...: the function of type_contract.py with the type
    bound as its first argument, imported on first use (no module more at `import ndtyping`)."""

    __slots__ = ("name",)
    name: str

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        from . import type_contract  # on first use: see the class's docstring

        function = getattr(type_contract, self.name)
        return function if instance is None else MethodType(function, instance)


class TypeAsValue:
    __slots__ = ()

    # The rest of PyTensor's Type contract (see type_contract.py).
    values_eq: _ContractMethod = _ContractMethod()
    values_eq_approx: _ContractMethod = _ContractMethod()
    may_share_memory: _ContractMethod = _ContractMethod()
    get_shape_info: _ContractMethod = _ContractMethod()
    get_size: _ContractMethod = _ContractMethod()
    clone: _ContractMethod = _ContractMethod()
    filter_inplace: _ContractMethod = _ContractMethod()
    convert: _ContractMethod = _ContractMethod()

    def is_super(self, other: Any) -> bool:
        """Whether every array of type `other` is also of this type."""
        from .relations import is_super  # on first use: see the module's docstring

        return is_super(self, other)

    def in_same_class(self, other: Any) -> bool:
        """Same dtype and rank as `other`, and compatible sizes wherever both fix an axis."""
        from .relations import in_same_class

        return in_same_class(self, other)

    def is_valid_value(self, value: Any) -> bool:
        """Whether `value` already is of this type (nothing converted, no call's bindings)."""
        from .relations import is_valid_value

        return is_valid_value(self, value)

    def filter(self, value: Any, strict: bool = False, allow_downcast: Optional[bool] = None) -> Any:
        """`value` as an array of this type, converted only when no value changes (see ndtyping.filter)."""
        from .relations import as_spec, filter_spec

        return filter_spec(as_spec(self), value, strict, allow_downcast)
