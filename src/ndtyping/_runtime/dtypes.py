"""Dtype categories (`Float`, `Int32`, `Key`, ...) and how any backend's dtype is named.

A category is decided by the dtype's own name (`str(x.dtype)`), never by which library
made the array: a numpy `float32`, a jax `float32` and an ml_dtypes `bfloat16` are all
`Float`. Names are resolved once per dtype object and cached.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Optional

__all__ = ["DTypeCategory", "CATEGORIES", "dtype_name", "short_dtype", "intersect"]

_FP8 = (
    "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz", "float8_e5m2", "float8_e5m2fnuz",
    "float8_e3m4", "float8_e4m3", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn",
)  # fmt: skip
_FLOAT = ("bfloat16", "float16", "float32", "float64", "float96", "float128", *_FP8)
_COMPLEX = ("complex64", "complex128", "complex192", "complex256")
_UINT = ("uint1", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64")
_INT = ("int1", "int2", "int4", "int8", "int16", "int32", "int64")
KEY_PREFIX = "key<"  # jax typed PRNG keys: key<fry>, key<rbg>, ...


class DTypeCategory:
    """A set of dtype names. `names is None` means every dtype (`Shaped`).

    A user's own category (a subclass of `AbstractDtype`) may also give regular expressions:
    a dtype belongs when its whole name matches one of `patterns`. `parts` is set on the
    intersection of two such categories, which cannot be written as one set of names.
    """

    __slots__ = ("label", "names", "keys", "patterns", "parts")

    def __init__(
        self,
        label: str,
        names: Optional[frozenset[str]],
        keys: bool = False,
        patterns: tuple[re.Pattern[str], ...] = (),
        parts: tuple[DTypeCategory, ...] = (),
    ) -> None:
        self.label = label
        self.names = names
        self.keys = keys  # whether jax typed-key dtypes (any `key<impl>`) belong
        self.patterns = patterns
        self.parts = parts

    def contains(self, name: str) -> bool:
        if self.parts:
            return all(part.contains(name) for part in self.parts)
        if self.names is None:
            return True
        if name in self.names or (self.keys and name.startswith(KEY_PREFIX)):
            return True
        return any(pattern.fullmatch(name) for pattern in self.patterns)

    def is_empty(self) -> bool:
        if self.parts or self.patterns:
            return False  # not decidable from the names; an array decides
        return self.names is not None and not self.names and not self.keys

    def issuperset(self, other: DTypeCategory) -> bool:
        if self is other or self.names is None:
            return True
        if other.parts:
            return any(self.issuperset(part) for part in other.parts)
        if self.parts:
            return all(part.issuperset(other) for part in self.parts)
        if other.names is None:
            return False
        if other.patterns and not set(other.patterns) <= set(self.patterns):
            return False
        return all(self.contains(name) for name in other.names) and (self.keys or not other.keys)

    def same_as(self, other: DTypeCategory) -> bool:
        return self is other or (self.issuperset(other) and other.issuperset(self))

    def __repr__(self) -> str:
        return self.label

    def __reduce__(self) -> Any:
        # The categories ndtyping defines unpickle as themselves; a user's is rebuilt field by field.
        if CATEGORIES.get(self.label) is self:
            return (_category, (self.label,))
        return (DTypeCategory, (self.label, self.names, self.keys, self.patterns, self.parts))


def _category(label: str) -> DTypeCategory:
    return CATEGORIES[label]


def intersect(a: DTypeCategory, b: DTypeCategory) -> DTypeCategory:
    if a.issuperset(b):
        return b
    if b.issuperset(a):
        return a
    if a.patterns or b.patterns or a.parts or b.parts:
        return DTypeCategory(f"{a.label}&{b.label}", frozenset(), parts=(a, b))
    assert a.names is not None and b.names is not None
    return DTypeCategory(f"{a.label}&{b.label}", a.names & b.names, a.keys and b.keys)


def _cat(label: str, *names: str, keys: bool = False) -> DTypeCategory:
    return DTypeCategory(label, frozenset(names), keys)


CATEGORIES: dict[str, DTypeCategory] = {
    "Shaped": DTypeCategory("Shaped", None),
    "Bool": _cat("Bool", "bool"),
    "Key": _cat("Key", keys=True),
    "Num": _cat("Num", *_FLOAT, *_COMPLEX, *_UINT, *_INT),
    "Inexact": _cat("Inexact", *_FLOAT, *_COMPLEX),
    "Float": _cat("Float", *_FLOAT),
    "BFloat16": _cat("BFloat16", "bfloat16"),
    "Float16": _cat("Float16", "float16"),
    "Float32": _cat("Float32", "float32"),
    "Float64": _cat("Float64", "float64"),
    "Complex": _cat("Complex", *_COMPLEX),
    "Complex64": _cat("Complex64", "complex64"),
    "Complex128": _cat("Complex128", "complex128"),
    "Integer": _cat("Integer", *_UINT, *_INT),
    "UInt": _cat("UInt", *_UINT),
    "UInt2": _cat("UInt2", "uint2"),
    "UInt4": _cat("UInt4", "uint4"),
    "UInt8": _cat("UInt8", "uint8"),
    "UInt16": _cat("UInt16", "uint16"),
    "UInt32": _cat("UInt32", "uint32"),
    "UInt64": _cat("UInt64", "uint64"),
    "Int": _cat("Int", *_INT),
    "Int2": _cat("Int2", "int2"),
    "Int4": _cat("Int4", "int4"),
    "Int8": _cat("Int8", "int8"),
    "Int16": _cat("Int16", "int16"),
    "Int32": _cat("Int32", "int32"),
    "Int64": _cat("Int64", "int64"),
    "Real": _cat("Real", *_FLOAT, *_UINT, *_INT),
}
for _name in _FP8:
    # Float8e4m3fn, Float8e5m2, ... : one category per low-precision float kind.
    _label = "Float" + _name[len("float") :].replace("_", "")
    CATEGORIES[_label] = _cat(_label, _name)

_NAMES: dict[Any, str] = {}


def dtype_name(dtype: Any) -> str:
    """The canonical name of a dtype object (numpy, jax, ml_dtypes, or anything printable)."""
    try:
        return _NAMES[dtype]
    except KeyError:
        pass
    except TypeError:  # unhashable dtype-like object
        return _printable(dtype)
    name = _numpy_name(dtype)
    if name is None:
        name = _printable(dtype)
    if name == "bool_":
        name = "bool"
    if len(_NAMES) < 1024:
        _NAMES[dtype] = name
    return name


# numpy kinds whose `.name` is the category name ('float32'); the others carry a unit or a
# length in the name ('datetime64[ns]', 'str160'), so their scalar type names them ('str_').
_NAMED_BY_NAME = frozenset("biufcO")


def _numpy_name(dtype: Any) -> Optional[str]:
    """A numpy dtype's name independent of byte order, unit and length, or None for other objects.

    `>f4` (big-endian: FITS files, network data) is `float32`, `datetime64[ns]` is `datetime64`,
    `<U5` is `str_`: what a dtype *is* for an annotation, as in jaxtyping, not how it is stored.
    """
    numpy = sys.modules.get("numpy")
    if numpy is None or not isinstance(dtype, numpy.dtype):
        return None
    try:
        if dtype.fields is not None:  # a structured dtype is named by its fields (make_numpy_struct_dtype)
            return None
        if dtype.kind in _NAMED_BY_NAME:
            return str(dtype.name)
        return str(dtype.type.__name__)  # datetime64, timedelta64, str_, bytes_, void; ml_dtypes' bfloat16, int4
    except Exception:
        return None


def _printable(dtype: Any) -> str:
    try:
        return str(dtype)
    except Exception:
        return f"<unprintable {type(dtype).__name__}>"


_SHORT = {"bool": "bool", "bfloat16": "bf16"}


def short_dtype(name: str) -> str:
    """`float32` -> `f32`, `uint8` -> `u8`, `complex64` -> `c64` (for error messages)."""
    if name in _SHORT:
        return _SHORT[name]
    for prefix, short in (("float", "f"), ("uint", "u"), ("int", "i"), ("complex", "c")):
        if name.startswith(prefix) and name[len(prefix) :].isdigit():
            return short + name[len(prefix) :]
    return name
