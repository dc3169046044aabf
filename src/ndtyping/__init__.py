"""ndtyping: PEP 646 shape and dtype typing for NumPy and JAX arrays, static and at runtime.

Static checkers see `NDArray[DType, *Shape]` (the generated `_surface/public.pyi`: pyright the
shape-typed `_surface/ndarray.pyi`, mypy, Pyrefly and ty the gradual `_surface/gradual.pyi`) and,
for the jaxtyping spelling, `Float[Array, "b c"]` as the array type it wraps. At runtime both spellings
are checked by one engine through `isinstance` and `check`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from numpy import (
    bool_ as bool_,
    complex64 as complex64,
    complex128 as complex128,
    float16 as float16,
    float32 as float32,
    float64 as float64,
    int8 as int8,
    int16 as int16,
    int32 as int32,
    int64 as int64,
    uint8 as uint8,
    uint16 as uint16,
    uint32 as uint32,
    uint64 as uint64,
)

from ._config import config as config
from ._errors import (
    AnnotationError as AnnotationError,
    ConfigurationError as ConfigurationError,
    InstantiationError as InstantiationError,
    NdtypingError as NdtypingError,
    ShapeError as ShapeError,
    TypeCheckError as TypeCheckError,
)
from ._runtime.annotations import (
    AbstractArray as AbstractArray,
    AbstractDtype as AbstractDtype,
    get_array_name_format as get_array_name_format,
    make_numpy_struct_dtype as make_numpy_struct_dtype,
    set_array_name_format as set_array_name_format,
)
from ._runtime.bindings import print_bindings as print_bindings
from ._runtime.decorator import check as check

if TYPE_CHECKING:  # static checkers read the generated declaration; the runtime class is a typing shim
    from ._surface.public import (  # pyright: ignore[reportMissingModuleSource]  (stubs only, by design)
        DimensionVar as DimensionVar,
        NDArray as NDArray,
        ShapedArray as ShapedArray,
        ShapeVar as ShapeVar,
    )
else:
    from ._runtime.ndarray import DimensionVar, NDArray, ShapedArray, ShapeVar

if TYPE_CHECKING:
    # Loaded on first use at runtime (see __getattr__ below), to keep `import ndtyping` fast.
    # To a static checker, `Float[np.ndarray, "b c"]` is simply np.ndarray (as in jaxtyping).
    from typing import (
        Annotated as BFloat16,
        Annotated as Bool,
        Annotated as Complex,
        Annotated as Complex64,
        Annotated as Complex128,
        Annotated as Float,
        Annotated as Float16,
        Annotated as Float32,
        Annotated as Float64,
        Annotated as Inexact,
        Annotated as Int,
        Annotated as Int2,
        Annotated as Int4,
        Annotated as Int8,
        Annotated as Int16,
        Annotated as Int32,
        Annotated as Int64,
        Annotated as Integer,
        Annotated as Key,
        Annotated as Num,
        Annotated as Real,
        Annotated as Shaped,
        Annotated as UInt,
        Annotated as UInt2,
        Annotated as UInt4,
        Annotated as UInt8,
        Annotated as UInt16,
        Annotated as UInt32,
        Annotated as UInt64,
    )

    from ._jaxtyping.import_hook import install_import_hook as install_import_hook
    from ._jaxtyping.jaxtyped import jaxtyped as jaxtyped
    from ._jaxtyping.vocabulary import (
        Array as Array,
        ArrayLike as ArrayLike,
        DTypeLike as DTypeLike,
        PRNGKeyArray as PRNGKeyArray,
        PyTreeDef as PyTreeDef,
        Scalar as Scalar,
        ScalarLike as ScalarLike,
        Shape as Shape,
    )
    from ._runtime.narrowing import as_array as as_array, is_array as is_array
    from ._runtime.pytree import PyTree as PyTree
    from ._runtime.relations import (
        filter as filter,  # shadows the builtin on purpose; ndtyping.filter, deliberately not in __all__
        in_same_class as in_same_class,
        is_super as is_super,
        is_valid_value as is_valid_value,
    )
    from ._runtime.type_contract import (
        ShapeInfo as ShapeInfo,
        clone as clone,
        convert as convert,
        filter_inplace as filter_inplace,
        get_shape_info as get_shape_info,
        get_size as get_size,
        may_share_memory as may_share_memory,
        values_eq as values_eq,
        values_eq_approx as values_eq_approx,
    )
else:
    from ._runtime.annotations import make_category as _make_category
    from ._runtime.dtypes import CATEGORIES as _CATEGORIES

    globals().update({_label: _make_category(_label) for _label in _CATEGORIES})

__version__ = "0.1.0"

__all__ = [
    "NDArray", "ShapedArray", "DimensionVar", "ShapeVar", "check", "print_bindings",
    "is_super", "in_same_class", "is_valid_value", "is_array", "as_array", "PyTree",
    "values_eq", "values_eq_approx", "may_share_memory", "get_shape_info", "get_size", "ShapeInfo", "clone",
    "filter_inplace", "convert",
    "AbstractArray", "AbstractDtype", "make_numpy_struct_dtype", "get_array_name_format", "set_array_name_format", "config",
    "AnnotationError", "NdtypingError", "ShapeError", "TypeCheckError", "ConfigurationError", "InstantiationError",
    "jaxtyped", "install_import_hook", "load_ipython_extension", "unload_ipython_extension",
    "bool_", "float16", "float32", "float64", "complex64", "complex128",
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "Shaped", "Bool", "Key", "Num", "Inexact", "Float", "BFloat16", "Float16", "Float32", "Float64",
    "Complex", "Complex64", "Complex128", "Integer", "UInt", "UInt2", "UInt4", "UInt8", "UInt16",
    "UInt32", "UInt64", "Int", "Int2", "Int4", "Int8", "Int16", "Int32", "Int64", "Real",
]  # fmt: skip


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext ndtyping`: check the annotated functions and classes defined in later cells."""
    from ._jaxtyping.ipython import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    """`%unload_ext ndtyping`: stop checking newly defined functions."""
    from ._jaxtyping.ipython import unload_ipython_extension as unload

    unload(ipython)


_JAX_NAMES = ("Array", "ArrayLike", "DTypeLike", "PRNGKeyArray", "PyTreeDef", "Scalar", "ScalarLike", "Shape")
# Names whose modules are imported on first use: none of them is needed to check a call.
_LAZY = {
    "as_array": "_runtime.narrowing", "is_array": "_runtime.narrowing", "PyTree": "_runtime.pytree",
    "filter": "_runtime.relations", "in_same_class": "_runtime.relations", "is_super": "_runtime.relations",
    "is_valid_value": "_runtime.relations",
    "install_import_hook": "_jaxtyping.import_hook", "jaxtyped": "_jaxtyping.jaxtyped",
    "values_eq": "_runtime.type_contract", "values_eq_approx": "_runtime.type_contract",
    "may_share_memory": "_runtime.type_contract", "get_shape_info": "_runtime.type_contract",
    "get_size": "_runtime.type_contract", "ShapeInfo": "_runtime.type_contract", "clone": "_runtime.type_contract",
    "filter_inplace": "_runtime.type_contract", "convert": "_runtime.type_contract",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is not None:
        from importlib import import_module

        value = getattr(import_module(f"{__name__}.{module}"), name)
        globals()[name] = value
        return value
    # The jax vocabulary imports jax, so it is built on first use, never at `import ndtyping`
    # (and left out of __all__, so `import *` does not import jax either).
    if name in _JAX_NAMES:
        from ._jaxtyping import vocabulary as _jax

        value = getattr(_jax, name)
        globals()[name] = value
        return value
    # bfloat16 comes from ml_dtypes, which is optional and loaded only when asked for.
    if name == "bfloat16":
        try:
            from ml_dtypes import bfloat16
        except ImportError:
            raise AttributeError("ndtyping.bfloat16 needs the ml_dtypes package (pip install ml_dtypes)") from None
        return bfloat16
    raise AttributeError(f"module 'ndtyping' has no attribute {name!r}")
