"""NDArray[DType, *Shape] for pyright (strict), accepting numpy and jax arrays.

Design:
  * `_Arr[DT, Sh]` is a Protocol over a dtype TypeVar (covariant) and ONE plain,
    INVARIANT shape TypeVar `Sh` (a tuple type).  Its only *declared* member
    (= the only structural requirement) is `__array__`, which numpy.ndarray
    and jax.Array both have.
  * `NDArray = _Arr[DT, tuple[*S]]` is a generic alias over [DT, *S], so users
    write `NDArray[np.float32, N, M]`.
  * The rich array surface is attached as *undeclared* class attributes
    (`name = helper`), which pyright does not treat as protocol requirements
    but does expose for attribute access / completion.
"""
from typing import Any, Literal, Protocol, SupportsIndex, TypeAlias, TypeVar, TypeVarTuple, overload

import numpy as np

DT = TypeVar("DT", bound=np.generic, covariant=True)
# Invariant on purpose (shape identity between NDArray values); pyright would
# prefer covariant because Sh only appears in a return type.
Sh = TypeVar("Sh", bound=tuple[Any, ...])
S = TypeVarTuple("S")

_D = TypeVar("_D", bound=np.generic)
_Sh = TypeVar("_Sh", bound=tuple[Any, ...])
_S2 = TypeVarTuple("_S2")
_A = TypeVar("_A")
_B = TypeVar("_B")
_C = TypeVar("_C")


# ---------------------------------------------------------------- surface impl
class _Props:
    """Holds property objects that are re-exported (undeclared) on _Arr."""

    @property
    def shape(self: "_Arr[Any, _Sh]") -> _Sh: ...
    @property
    def dtype(self: "_Arr[_D, Any]") -> np.dtype[_D]: ...
    @property
    def ndim(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def T(self: "_Arr[_D, tuple[_A, _B]]") -> "_Arr[_D, tuple[_B, _A]]": ...


@overload
def _sum(self: "_Arr[_D, Any]", axis: None = None) -> "_Arr[_D, tuple[()]]": ...
@overload
def _sum(self: "_Arr[_D, tuple[_A, *_S2]]", axis: Literal[0]) -> "_Arr[_D, tuple[*_S2]]": ...
@overload
def _sum(self: "_Arr[_D, tuple[_A, _B, *_S2]]", axis: Literal[1]) -> "_Arr[_D, tuple[_A, *_S2]]": ...
@overload
def _sum(self: "_Arr[_D, tuple[*_S2, _A]]", axis: Literal[-1]) -> "_Arr[_D, tuple[*_S2]]": ...
@overload
def _sum(self: "_Arr[_D, Any]", axis: int) -> "_Arr[_D, tuple[Any, ...]]": ...
def _sum(self: "_Arr[Any, Any]", axis: int | None = None) -> Any: ...


def _reshape(self: "_Arr[_D, Any]", *shape: *_S2) -> "_Arr[_D, tuple[*_S2]]": ...
def _astype(self: "_Arr[Any, _Sh]", dtype: type[_D]) -> "_Arr[_D, _Sh]": ...
def _add(self: "_Arr[_D, _Sh]", other: "_Arr[_D, _Sh] | float") -> "_Arr[_D, _Sh]": ...
def _matmul(self: "_Arr[_D, tuple[_A, _B]]", other: "_Arr[_D, tuple[_B, _C]]") -> "_Arr[_D, tuple[_A, _C]]": ...


@overload
def _getitem(self: "_Arr[_D, tuple[_A, *_S2]]", key: SupportsIndex) -> "_Arr[_D, tuple[*_S2]]": ...
@overload
def _getitem(self: "_Arr[_D, tuple[_A, *_S2]]", key: slice) -> "_Arr[_D, tuple[int, *_S2]]": ...
@overload
def _getitem(self: "_Arr[_D, Any]", key: Any) -> "_Arr[_D, Any]": ...
def _getitem(self: "_Arr[Any, Any]", key: Any) -> Any: ...


# ---------------------------------------------------------------- the protocol
class _Arr(Protocol[DT, Sh]):  # pyright: ignore[reportInvalidTypeVarUse]
    # The ONLY structural requirement (declared member):
    def __array__(self) -> np.ndarray[Sh, np.dtype[DT]]: ...

    # Surface: undeclared => not protocol requirements, still visible on values.
    shape = _Props.shape
    dtype = _Props.dtype
    ndim = _Props.ndim
    size = _Props.size
    T = _Props.T
    sum = _sum
    reshape = _reshape
    astype = _astype
    __add__ = _add
    __matmul__ = _matmul
    __getitem__ = _getitem


NDArray: TypeAlias = _Arr[DT, tuple[*S]]
