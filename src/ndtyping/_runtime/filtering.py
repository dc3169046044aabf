"""`filter`'s conversion: choose the library and dtype, convert, prove nothing was lost.

The public `filter` and `filter_spec` are in _relations.py; they come here only for a value
that is not already of the type and may be converted (`strict=False`).
"""

from __future__ import annotations

import functools
import sys
import warnings
from typing import Any, Optional

import numpy as np

from .._errors import ShapeError, check_failure
from .bindings import Scope
from .dtypes import CATEGORIES, DTypeCategory, dtype_name
from .engine import ArraySpec, describe_value, match_array, safe_repr

__all__ = ["convert", "filter_error"]


def convert(spec: ArraySpec, value: Any, allow_downcast: Optional[bool]) -> Any:
    """`value` converted to an array of type `spec`, or the ShapeError saying why it cannot be."""
    return _Conversion(spec, value, allow_downcast).run()


def filter_error(spec: ArraySpec, value: Any, reason: str) -> ShapeError:
    return check_failure(ShapeError, "filter", expected=spec.label, got=describe_value(value), reason=reason)


_NUMERIC_KINDS = "biufc"  # bool, int, uint, float, complex
_KIND_ORDER = {"f": 0, "i": 1, "c": 2, "u": 3, "b": 4}  # between kinds: floats, then signed ints, ...


class _Conversion:
    """One non-strict `filter`: choose the library and dtype, convert, prove nothing was lost."""

    def __init__(self, spec: ArraySpec, value: Any, allow_downcast: Optional[bool]) -> None:
        self.spec = spec
        self.value = value
        self.allow_downcast = allow_downcast

    def fail(self, reason: str) -> ShapeError:
        return filter_error(self.spec, self.value, reason)

    def run(self) -> Any:
        spec, value = self.spec, self.value
        source = _library(value)
        target = self._target_library(source)
        if source == "jax" and target == "jax":
            array = value
        else:
            array = self._to_numpy(value)
        shape_reason = match_array(ArraySpec(None, CATEGORIES["Shaped"], spec.shape, spec.label), array, Scope())
        if shape_reason:
            seen = "" if array is value else f"as an array it is {describe_value(array)}: "
            raise self.fail(f"{seen}{shape_reason}; filter never changes a shape")
        source_name = dtype_name(array.dtype)
        if spec.category.contains(source_name) and (target != "jax" or _jax_keeps(array.dtype)):
            converted = array
        else:
            converted = self._convert_dtype(array, target)
        if target == "jax" and source != "jax":
            import jax.numpy as jnp  # pyright: ignore[reportMissingImports]

            try:
                converted = jnp.asarray(converted)
            except Exception as err:
                raise self.fail(
                    f"jax cannot hold {describe_value(converted)}: {type(err).__name__}: {str(err)[:200]}"
                ) from None
        reason = match_array(spec, converted, Scope(), "filter")
        if reason:
            raise self.fail(f"converted to {describe_value(converted)}, which still does not fit: {reason}")
        return converted

    def _target_library(self, source: Optional[str]) -> str:
        types = self.spec.types
        if types is None:
            return "jax" if source == "jax" else "numpy"
        if source is not None and isinstance(self.value, types):
            return source
        for cls in types:
            if _is_numpy_array_type(cls):
                return "numpy"
            if _is_jax_array_type(cls):
                return "jax"
        names = " or ".join(cls.__qualname__ for cls in types)
        raise self.fail(f"filter converts to numpy or jax arrays only, and {names} is neither")

    def _to_numpy(self, value: Any) -> Any:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                array = np.asarray(value)
        except Exception as err:
            raise self.fail(f"cannot make an array of it: {type(err).__name__}: {str(err)[:200]}") from None
        if array.dtype.kind == "O":
            raise self.fail("numpy can only make an array of Python objects (dtype object) of it")
        return array

    def _convert_dtype(self, array: Any, target: str) -> Any:
        source = array.dtype
        if _kind(source) not in _NUMERIC_KINDS:
            raise self.fail(f"dtype {dtype_name(source)} cannot be converted to {self.spec.category.label}")
        candidates, dropped = _candidates(self.spec.category, source, target)
        if not candidates:
            hint = ""
            if dropped:
                hint = (
                    f" (jax has 64-bit types disabled, so {', '.join(dropped)} would become 32-bit; "
                    "enable them with jax.config.update('jax_enable_x64', True))"
                )
            raise self.fail(f"no {target} dtype is {self.spec.category.label}{hint}")
        mode = self.allow_downcast
        if mode is True:
            return self._cast(array, candidates[0])
        if mode is False:
            for dtype in candidates:
                if _safe_cast(source, dtype):
                    return self._cast(array, dtype)
            names = ", ".join(dtype_name(d) for d in candidates)
            raise self.fail(
                f"{dtype_name(source)} cannot be cast safely to {names} (allow_downcast=False allows safe casts "
                "only); pass allow_downcast=None to convert when the values survive, True to convert anyway"
            )
        original = _concrete(array)
        if original is None:  # a jax tracer: its values are unknown, so only a safe cast is known to be exact
            for dtype in candidates:
                if _safe_cast(source, dtype):
                    return self._cast(array, dtype)
            raise self.fail(
                f"the values of a traced jax array are unknown, and {dtype_name(source)} -> "
                f"{dtype_name(candidates[0])} is not a safe cast; pass allow_downcast=True to convert anyway"
            )
        first_loss = ""
        for dtype in candidates:
            converted = self._cast(array, dtype)
            loss = _lost(original, _concrete(converted), dtype)
            if not loss:
                return converted
            first_loss = first_loss or loss  # the best candidate's loss is the one to report
        raise self.fail(f"{first_loss}; pass allow_downcast=True to convert anyway")

    def _cast(self, array: Any, dtype: Any) -> Any:
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")  # ComplexWarning, overflow: judged by _lost instead
                return array.astype(dtype)
        except Exception as err:
            raise self.fail(
                f"cannot convert {dtype_name(array.dtype)} to {dtype_name(dtype)}: {type(err).__name__}: {str(err)[:200]}"
            ) from None


def _library(value: Any) -> Optional[str]:
    """The library an array (or array scalar) belongs to: "numpy", "jax", or None."""
    if isinstance(value, (np.ndarray, np.generic)):
        return "numpy"
    module = type(value).__module__
    if module.startswith(("jax.", "jaxlib.")) or module == "jax":
        return "jax"
    return None


def _is_numpy_array_type(cls: type) -> bool:
    try:
        return issubclass(np.ndarray, cls)
    except Exception:
        return False


def _is_jax_array_type(cls: type) -> bool:
    jax = sys.modules.get("jax")  # an annotation that names jax.Array has imported jax already
    if jax is None:
        return False
    try:
        return issubclass(jax.Array, cls)
    except Exception:
        return False


def _jax_keeps(dtype: Any) -> bool:
    """Whether jax holds this dtype as it is (64-bit types become 32-bit unless x64 is on)."""
    return _jax_dtype(dtype) == dtype


def _jax_dtype(dtype: Any) -> Any:
    """The dtype jax holds `dtype` as (float64 is float32 unless x64 is on), or None if it has none (float128)."""
    import jax  # pyright: ignore[reportMissingImports]

    try:
        held = jax.dtypes.canonicalize_dtype(dtype)
    except Exception:
        return None
    return held if _jax_supports(held) else None


@functools.lru_cache(maxsize=64)
def _jax_supports(dtype: Any) -> bool:
    """Whether jax arrays can hold and compute in `dtype`, decided from the dtype's metadata.

    Never by allocating a jax array to see: XLA aborts the whole process (SIGABRT) on some
    dtypes jax lists as its own (the float6 formats on CPU, jax 0.12), and an abort cannot be
    caught. Floats narrower than 8 bits are storage formats that XLA's CPU backend does not
    compute in; nor does it have extended precision (float128, complex256); every other dtype
    jax canonicalises to itself is held as it is.
    """
    import jax  # pyright: ignore[reportMissingImports]

    widest = {"f": 8, "c": 16}  # float64 and complex128 bytes: jax has nothing wider
    if widest.get(np.dtype(dtype).kind, 99) < np.dtype(dtype).itemsize:
        return False
    try:
        if jax.dtypes.canonicalize_dtype(dtype) != dtype:
            return False
    except Exception:
        return False
    ml_dtypes = sys.modules.get("ml_dtypes")
    if ml_dtypes is not None and np.dtype(dtype).kind == "V":  # ml_dtypes' floats and small ints
        try:
            return int(ml_dtypes.finfo(dtype).bits) >= 8
        except Exception:
            return True  # not a float (int4, uint2, ...): jax computes in those
    return True


def _known_dtype(name: str) -> Any:
    try:
        return np.dtype(name)
    except Exception:
        pass
    ml_dtypes = sys.modules.get("ml_dtypes")  # bfloat16, float8_*, int4: registered by ml_dtypes
    kind = getattr(ml_dtypes, name, None) if ml_dtypes is not None else None
    try:
        return np.dtype(kind) if kind is not None else None
    except Exception:
        return None


def _candidates(category: DTypeCategory, source: Any, target: str) -> tuple[list[Any], list[str]]:
    """The dtypes of `category` to try, best first, and those jax cannot hold (64-bit, x64 off).

    First the dtypes numpy casts to safely, smallest first (numpy's own promotion: int64 to
    Float is float64, int8 to Float is float16); then the rest, the source's kind first and
    the widest first, as they are the likeliest to hold the values exactly. numpy's own dtypes
    are preferred to ml_dtypes' (Float means float16/32/64 here, bfloat16 only for BFloat16).
    """
    if category.names is None:  # Shaped: any dtype, so the source's own, as the target holds it
        held = _jax_dtype(source) if target == "jax" else source
        return ([held] if held is not None else []), []
    names = category.names
    dtypes: list[Any] = []
    dropped: list[str] = []
    for name in sorted(names):
        dtype = _known_dtype(name)
        if dtype is None:
            continue
        if target == "jax":
            held = _jax_dtype(dtype)
            if held is None:  # float128 and the like: no jax type at all
                continue
            if held != dtype:
                dropped.append(name)
                continue
        if dtype not in dtypes and _kind(dtype) in _NUMERIC_KINDS:
            dtypes.append(dtype)
    native = [d for d in dtypes if d.type.__module__.split(".", 1)[0] == "numpy"]
    if native:  # ml_dtypes' types (bfloat16, float8_*, int4) only for a category of them alone
        dtypes = native
    safe = sorted((d for d in dtypes if _safe_cast(source, d)), key=lambda d: (d.itemsize, _KIND_ORDER[_kind(d)]))
    rest = [d for d in dtypes if not _safe_cast(source, d)]
    rest.sort(key=lambda d: (_kind(d) != _kind(source), -d.itemsize, _KIND_ORDER[_kind(d)]))
    return safe + rest, dropped


def _kind(dtype: Any) -> str:
    """numpy's kind letter; ml_dtypes' types (bfloat16, float8_*, int4) say "V", so use the name."""
    kind = dtype.kind
    if kind != "V":
        return kind
    name = dtype_name(dtype)
    for prefix, letter in (("uint", "u"), ("int", "i"), ("bfloat", "f"), ("float", "f")):
        if name.startswith(prefix):
            return letter
    return kind


def _safe_cast(source: Any, dtype: Any) -> bool:
    try:
        return bool(np.can_cast(source, dtype, "safe"))
    except Exception:
        return False


def _concrete(array: Any) -> Any:
    """The values as a numpy array, or None when they are not known (a jax tracer)."""
    if isinstance(array, np.ndarray):
        return array
    try:
        return np.asarray(array)
    except Exception:
        return None


def _lost(original: Any, converted: Any, dtype: Any) -> str:
    """Why converting `original` to `dtype` changed a value, or "" if every value survived."""
    if converted is None:
        return f"the converted values cannot be read back to compare them with the originals ({dtype_name(dtype)})"
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            back = converted.astype(original.dtype)
            same = back == original
            if _kind(original.dtype) in "fc":
                same |= np.isnan(back) & np.isnan(original)
        except Exception as err:
            return f"the values cannot be compared after converting to {dtype_name(dtype)}: {type(err).__name__}"
    if bool(np.all(same)):
        return ""
    index = tuple(int(i) for i in np.argwhere(~np.asarray(same))[0])
    where = f" at index {list(index)}" if index else ""
    return (
        f"{dtype_name(original.dtype)} -> {dtype_name(dtype)} loses precision: "
        f"{_show(original[index])}{where} becomes {_show(converted[index])}"
    )


def _show(scalar: Any) -> str:
    try:
        return repr(scalar.item())
    except Exception:
        return safe_repr(scalar, 120)
