"""The rest of PyTensor's `Type` contract for array types as values.

`values_eq` and `values_eq_approx` (equality that respects the type, the approximate one at a
tolerance taken from the dtype), `may_share_memory`, `get_shape_info` and `get_size` (bytes, from a
value or from dimension sizes), `clone` (the same type with another dtype or shape, in the type's
own spelling), `filter_inplace` and `convert`. `is_super`, `in_same_class`, `is_valid_value` and
`filter` are in relations.py.

Every function takes the type first, in either spelling, and checks each value it is given against
the type on its own (a fresh scope, as `is_valid_value`): a value of another type is a ShapeError
that names the function, the argument, the type and the reason. A type that needs sizes it does not
have (`"n+1"` with no axis binding `n`, an unchecked axis in `get_size`) is an AnnotationError.

Loaded on first use (see ndtyping/__init__.py, and _type_value.py for the methods `T.values_eq`,
...): `import ndtyping` never imports this module.
"""

from __future__ import annotations

import math
import operator
import sys
import typing
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Optional, TypeVar, Union

import numpy as np

from .._compat import TypeVarTuple, Unpack
from .._errors import AnnotationError, ShapeError, TypeCheckError, check_failure
from .array_types import _ABSTRACT, SPELLINGS, _dims, as_spec
from .bindings import Scope
from .dtypes import CATEGORIES, KEY_PREFIX, DTypeCategory, dtype_name
from .engine import ArraySpec, describe_value, match_array, match_shape, safe_repr
from .filtering import _kind, _known_dtype, _library
from .grammar import ANY, FIXED, NAMED, SYMBOLIC, VARIADIC, Dim, ShapeSpec, normalise_name, parse_shape
from .relations import filter_spec

if TYPE_CHECKING:
    from typing_extensions import TypeForm

    from .relations import ArrayType

__all__ = [
    "ShapeInfo", "values_eq", "values_eq_approx", "may_share_memory", "get_shape_info",
    "get_size", "clone", "filter_inplace", "convert",
]  # fmt: skip

_T = TypeVar("_T")


class ShapeInfo(NamedTuple):
    """What `get_size` needs to know of an array: its shape and its dtype (see `get_shape_info`)."""

    shape: tuple[int, ...]
    dtype: np.dtype[Any]


ShapeInfo.__module__ = "ndtyping"  # exported (lazily) as ndtyping.ShapeInfo, and pickled by that name


# --------------------------------------------------------------------------- checking values


def _check_value(spec: ArraySpec, value: Any, function: str, parameter: str) -> None:
    """ShapeError unless `value` is of type `spec` on its own (no call's bindings, as is_valid_value)."""
    try:
        reason = match_array(spec, value, Scope(), function)
    except AnnotationError as err:  # "n+1" with nothing binding n, "?n" outside a PyTree
        raise AnnotationError(f"{function}(): {spec.label}: {err}") from None
    if reason:
        raise _argument_error(ShapeError, spec, value, function, parameter, reason)


def _argument_error(
    error_type: type[TypeCheckError], spec: ArraySpec, value: Any, function: str, parameter: str, reason: str
) -> TypeCheckError:
    """The error of `function`'s argument `parameter` (`value`) against the type `spec`."""
    return check_failure(
        error_type,
        function,
        kind="argument",
        parameter=parameter,
        expected=spec.label,
        got=describe_value(value),
        reason=reason,
    )


def _is_tracer(value: Any) -> bool:
    jax = sys.modules.get("jax")  # a jax value has imported jax already
    return jax is not None and isinstance(value, jax.core.Tracer)


def _traced(spec: ArraySpec, value: Any, function: str, parameter: str, what: str) -> TypeCheckError:
    return _argument_error(
        TypeCheckError,
        spec,
        value,
        function,
        parameter,
        f"it is a traced jax array (inside jax.jit, vmap or grad), which has no {what} yet; "
        "call this on concrete arrays, outside the transformation",
    )


def _host(spec: ArraySpec, value: Any, function: str, parameter: str) -> Any:
    """The values of an array of the type as a numpy array (copied from a device when needed)."""
    if isinstance(value, np.ndarray):
        return value
    if _is_tracer(value):
        raise _traced(spec, value, function, parameter, "values")
    try:
        if dtype_name(value.dtype).startswith(KEY_PREFIX):  # jax typed keys: compare their key data
            import jax  # pyright: ignore[reportMissingImports]

            value = jax.random.key_data(value)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.asarray(value)
    except Exception as err:
        reason = f"its values cannot be read as a numpy array: {type(err).__name__}: {str(err)[:200]}"
        raise _argument_error(TypeCheckError, spec, value, function, parameter, reason) from None


def _same_layout(a: Any, b: Any) -> bool:
    """Same shape and same dtype (by name: byte order is how values are stored, not their type)."""
    return tuple(a.shape) == tuple(b.shape) and dtype_name(a.dtype) == dtype_name(b.dtype)


def _comparable(array: Any) -> Any:
    """ml_dtypes' types (bfloat16, float8_*, int4), on which not every numpy function is defined,
    widened exactly: floats to float64, integers to int64."""
    if array.dtype.kind != "V":
        return array
    kind = _kind(array.dtype)
    if kind == "f":
        return array.astype(np.float64)
    if kind in "iu":
        return array.astype(np.int64)
    return array


# --------------------------------------------------------------------------- values_eq


def values_eq(t: ArrayType, a: Any, b: Any) -> bool:
    """Whether `a` and `b`, two arrays of type `t`, are equal: same shape, same dtype, equal values.

    NaNs in the same places are equal (NaT too), as in `np.array_equal(a, b, equal_nan=True)`;
    `-0.0 == 0.0`. numpy and jax arrays both work, and compare by value across the two libraries
    (when `t` admits both). A value that is not of type `t` is a ShapeError.
    """
    spec = as_spec(t, "values_eq")
    _check_value(spec, a, "values_eq", "a")
    _check_value(spec, b, "values_eq", "b")
    if not _same_layout(a, b):
        return False
    return _equal(_host(spec, a, "values_eq", "a"), _host(spec, b, "values_eq", "b"))


def _equal(x: Any, y: Any) -> bool:
    x, y = _comparable(x), _comparable(y)
    has_nan = x.dtype.kind in "fcmM"  # floats, complex, datetime (NaT) and timedelta
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bool(np.array_equal(x, y, equal_nan=has_nan))


# --------------------------------------------------------------------------- values_eq_approx


_TOLERANCES: dict[str, float] = {}


def _default_tolerance(dtype: Any) -> float:
    """The tolerance `values_eq_approx` uses for a dtype: sqrt(eps), half the significand's digits.

    float64 1.5e-8, float32 3.5e-4, float16 3.1e-2, bfloat16 8.8e-2; complex types as their parts;
    0.0 for every other dtype (integers, bools: compared exactly).
    """
    name = dtype_name(dtype)
    try:
        return _TOLERANCES[name]
    except KeyError:
        pass
    tolerance = 0.0
    if _kind(np.dtype(dtype)) in "fc":
        try:
            eps = float(np.finfo(dtype).eps)
        except Exception:  # ml_dtypes' floats have their own finfo
            import ml_dtypes  # pyright: ignore[reportMissingImports]

            eps = float(ml_dtypes.finfo(dtype).eps)
        tolerance = math.sqrt(eps)
    _TOLERANCES[name] = tolerance
    return tolerance


def _tolerance_option(spec: ArraySpec, name: str, value: Any) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) or not value >= 0:
        raise TypeCheckError(
            f"values_eq_approx(): {spec.label}: {name} must be None or a number >= 0, not {safe_repr(value, 120)}"
        )
    return float(value)


def values_eq_approx(t: ArrayType, a: Any, b: Any, rtol: Optional[float] = None, atol: Optional[float] = None) -> bool:
    """Whether `a` and `b`, two arrays of type `t`, are equal up to the tolerance of their dtype.

    Same shape and dtype, and `np.allclose(a, b, rtol, atol, equal_nan=True)` computed in float64
    (complex128) so the tolerance is not rounded: `|a - b| <= atol + rtol * |b|` everywhere, NaNs in
    the same places, infinities of the same sign. The tolerance is `sqrt(eps)` of the dtype (half
    its significant digits): float64 1.5e-8, float32 3.5e-4, float16 3.1e-2, bfloat16 8.8e-2,
    complex types as their parts. `rtol` defaults to it, and `atol` to it times the largest finite
    magnitude in `a` and `b`: a value near zero is judged against the array's scale, not against 1
    (pass `atol=0` for a purely elementwise relative test). Integers and bools compare exactly
    unless a tolerance is given. numpy and jax arrays both work. A value that is not of type `t` is
    a ShapeError.
    """
    spec = as_spec(t, "values_eq_approx")
    rtol = _tolerance_option(spec, "rtol", rtol)
    atol = _tolerance_option(spec, "atol", atol)
    _check_value(spec, a, "values_eq_approx", "a")
    _check_value(spec, b, "values_eq_approx", "b")
    if not _same_layout(a, b):
        return False
    x, y = _host(spec, a, "values_eq_approx", "a"), _host(spec, b, "values_eq_approx", "b")
    kind = _kind(x.dtype)
    if kind in "fc":
        tolerance = _default_tolerance(x.dtype)
        x, y = _widened(x), _widened(y)
        rtol = tolerance if rtol is None else rtol
        atol = tolerance * _scale(x, y) if atol is None else atol
    elif (rtol is None and atol is None) or kind == "b":
        return _equal(x, y)
    elif kind in "iu":
        x, y = _comparable(x), _comparable(y)
    else:
        raise TypeCheckError(
            f"values_eq_approx(): {spec.label}: a tolerance applies to numbers, and dtype "
            f"{dtype_name(x.dtype)} is compared exactly; leave rtol and atol out"
        )
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return bool(np.allclose(x, y, rtol=rtol or 0.0, atol=atol or 0.0, equal_nan=True))


def _scale(x: Any, y: Any) -> float:
    """The largest finite magnitude in two arrays (0.0 when they have none)."""
    with np.errstate(all="ignore"):
        finite = [np.abs(v[np.isfinite(v)]) for v in (x, y)]
    return max((float(m.max()) for m in finite if m.size), default=0.0)


def _widened(array: Any) -> Any:
    """Floats narrower than float64 as float64 and complex64 as complex128, both exact; the
    tolerance is then applied without rounding. float64 and wider stay as they are."""
    if _kind(array.dtype) == "c":
        return array if array.dtype.itemsize >= 16 else array.astype(np.complex128)
    return array if array.dtype.kind == "f" and array.dtype.itemsize >= 8 else array.astype(np.float64)


# --------------------------------------------------------------------------- may_share_memory


def may_share_memory(t: ArrayType, a: Any, b: Any) -> bool:
    """Whether `a` and `b`, two arrays of type `t`, may share memory (False only when they cannot).

    Two numpy arrays: `np.may_share_memory(a, b)`, numpy's own answer (their memory bounds
    overlap). A jax array: its buffers (`unsafe_buffer_pointer`, per addressable shard) are compared
    with the other array's memory the same way. jax on CPU can hand numpy's memory to a jax array
    without a copy (`jnp.asarray` did in jax 0.4.30) and `np.asarray` of a jax array is a view of
    its buffer, so `jax arrays are immutable` is no answer. Device memory (GPU, TPU) never holds a
    numpy array's values. Where the memory cannot be seen (an array of another library, a buffer
    that gives no pointer) the answer is True. A traced jax array has no memory: TypeCheckError.
    """
    spec = as_spec(t, "may_share_memory")
    _check_value(spec, a, "may_share_memory", "a")
    _check_value(spec, b, "may_share_memory", "b")
    numpy_types = (np.ndarray, np.generic)
    if isinstance(a, numpy_types) and isinstance(b, numpy_types):
        return bool(np.may_share_memory(a, b))
    ranges_a = _memory(spec, a, "a")
    ranges_b = _memory(spec, b, "b")
    if ranges_a is None or ranges_b is None:
        return True
    return any(
        space_a == space_b and start_a < end_b and start_b < end_a
        for space_a, start_a, end_a in ranges_a
        for space_b, start_b, end_b in ranges_b
    )


_HOST = "host"
_Range = tuple[Any, int, int]  # (address space, first byte, one past the last byte)


def _memory(spec: ArraySpec, value: Any, parameter: str) -> Optional[list[_Range]]:
    """The byte ranges an array's values occupy, or None when they cannot be known."""
    if isinstance(value, np.generic):
        return []  # a numpy scalar owns its value
    if isinstance(value, np.ndarray):
        return [(_HOST, *bounds)] if (bounds := _byte_bounds(value)) is not None else []
    if _library(value) != "jax":
        return None
    if _is_tracer(value):
        raise _traced(spec, value, "may_share_memory", parameter, "memory")
    try:
        if value.is_deleted():  # donated or deleted: its buffers are gone
            return []
        ranges: list[_Range] = []
        for shard in value.addressable_shards:
            data = shard.data
            size = int(data.nbytes)
            if size == 0:
                continue
            platform = shard.device.platform
            memory_kind = getattr(data.sharding, "memory_kind", None)
            if platform == "cpu" or memory_kind in ("pinned_host", "unpinned_host"):
                space: Any = _HOST
            else:
                space = (platform, shard.device.id)  # device memory: shared only with the same device
            start = int(data.unsafe_buffer_pointer())
            ranges.append((space, start, start + size))
        return ranges
    except Exception:  # no pointer for this buffer (a backend, a typed key, ...): it may share
        return None


def _byte_bounds(array: Any) -> Optional[tuple[int, int]]:
    """The first byte and one past the last byte of an array's values (numpy's byte_bounds), or
    None when it has none."""
    if array.size == 0:
        return None
    interface = array.__array_interface__
    start = end = interface["data"][0]
    itemsize = array.dtype.itemsize
    strides = interface["strides"]
    if strides is None:  # C-contiguous
        return start, start + array.size * itemsize
    for size, stride in zip(array.shape, strides):
        if stride < 0:
            start += (size - 1) * stride
        else:
            end += (size - 1) * stride
    return start, end + itemsize


# --------------------------------------------------------------------------- get_shape_info, get_size


def get_shape_info(t: ArrayType, x: Any) -> ShapeInfo:
    """What `get_size` needs of `x`, an array of type `t`: `ShapeInfo(shape, dtype)`.

    `get_size(t, get_shape_info(t, x)) == x.nbytes` for numpy and jax arrays.
    """
    spec = as_spec(t, "get_shape_info")
    _check_value(spec, x, "get_shape_info", "x")
    try:
        shape = tuple(operator.index(size) for size in x.shape)
    except Exception:
        raise check_failure(
            TypeCheckError,
            "get_shape_info",
            kind="argument",
            parameter="x",
            expected=spec.label,
            got=describe_value(x),
            reason=f"its shape {safe_repr(tuple(x.shape))} is symbolic, so it takes no known number of bytes",
        ) from None
    dtype = x.dtype
    try:
        dtype = np.dtype(dtype)
    except Exception:  # jax's extended dtypes (typed keys) are not numpy dtypes; they have an itemsize
        pass
    return ShapeInfo(shape, dtype)


def get_size(
    t: ArrayType, info: Union[ShapeInfo, Sequence[int], Mapping[Any, Union[int, Sequence[int]]], None] = None
) -> int:
    """The bytes an array of type `t` takes: the product of its sizes times the dtype's itemsize.

    `info` says the sizes:
    - a `ShapeInfo` from `get_shape_info` (its dtype is used);
    - a shape, `(64, 3)`, checked against `t`;
    - a mapping from dimension names to sizes, `{"Batch": 64}` (or `{Batch: 64}` with a
      DimensionVar; a variadic name takes a tuple, `{"rest": (2, 3)}`), or nothing when every axis
      of `t` is fixed. Named axes take their size from it; fixed ones (`3`, `#3`: the larger
      size) their own; symbolic ones (`n+1`, `{size}`) are computed from it.
    With a shape or a mapping the dtype is `t`'s, which must be one dtype (`clone(t, dtype=...)`
    fixes it). An axis the mapping cannot size (`_`, `...`, a name it lacks) is an AnnotationError.
    """
    spec = as_spec(t, "get_size")
    if isinstance(info, ShapeInfo):
        shape = _checked_shape(spec, info.shape)
        if not spec.dtype_ok(info.dtype):
            raise _size_error(spec, info, f"dtype {dtype_name(info.dtype)} is not {spec.category.label}")
        itemsize = int(info.dtype.itemsize)
    elif info is None or isinstance(info, Mapping):
        shape = _shape_from(spec, info if info is not None else {})
        itemsize = _itemsize(spec)
    elif isinstance(info, Sequence) and not isinstance(info, (str, bytes)):
        shape = _checked_shape(spec, info)
        itemsize = _itemsize(spec)
    else:
        raise TypeCheckError(
            f"get_size(): {spec.label}: info must be a ShapeInfo (from get_shape_info), a shape such as (64, 3) or a "
            f'mapping of dimension sizes such as {{"Batch": 64}}, not {safe_repr(info, 120)}'
        )
    return math.prod(shape) * itemsize


def _size_error(spec: ArraySpec, info: Any, reason: str) -> ShapeError:
    return check_failure(
        ShapeError,
        "get_size",
        kind="argument",
        parameter="info",
        expected=spec.label,
        got=safe_repr(info, 120),
        reason=reason,
    )


def _size(spec: ArraySpec, value: Any, what: str) -> int:
    """A size given to get_size: an int >= 0 (a numpy int too; not a bool)."""
    try:
        if isinstance(value, bool):
            raise TypeError
        size = operator.index(value)
    except TypeError:
        raise TypeCheckError(
            f"get_size(): {spec.label}: the size of {what} must be an integer, not {safe_repr(value, 120)}"
        ) from None
    if size < 0:
        raise TypeCheckError(f"get_size(): {spec.label}: the size of {what} is {size}, and sizes are not negative")
    return size


def _checked_shape(spec: ArraySpec, info: Any) -> tuple[int, ...]:
    shape = tuple(_size(spec, size, f"axis {axis}") for axis, size in enumerate(info))
    try:
        reason = match_shape(spec.shape, shape, Scope(), "get_size")
    except AnnotationError as err:
        raise AnnotationError(f"get_size(): {spec.label}: {err}") from None
    if reason:
        raise _size_error(spec, info, f"the shape {shape}: {reason}")
    return shape


def _shape_from(spec: ArraySpec, mapping: Mapping[Any, Any]) -> list[int]:
    """The sizes of every axis of `spec`, from its own fixed sizes and the named sizes in `mapping`."""
    given: dict[str, Any] = {}
    for key, value in mapping.items():
        name = key if isinstance(key, str) else getattr(key, "__name__", None)  # DimensionVar, ShapeVar
        if not isinstance(name, str):
            raise TypeCheckError(
                f"get_size(): {spec.label}: the keys of a size mapping are dimension names (str, DimensionVar or ShapeVar), "
                f"not {safe_repr(key, 120)}"
            )
        given[normalise_name(name)] = value

    def missing(what: str) -> AnnotationError:
        known = ", ".join(sorted(given)) or "nothing"
        return AnnotationError(f"get_size(): {spec.label}: {what}, and the mapping gives sizes for {known}")

    shape: list[int] = []
    for axis, dim in enumerate(spec.shape.dims):
        kind = dim.kind
        if kind == FIXED:
            shape.append(dim.size)  # `#3`: 3, the larger of the sizes it allows
        elif kind == NAMED:
            assert dim.name is not None
            if dim.name not in given:
                raise missing(f"dim {dim.name} (axis {axis}) has no size")
            shape.append(_size(spec, given[dim.name], f"dim {dim.name}"))
        elif kind == VARIADIC:
            if dim.name is None:
                raise AnnotationError(
                    f"get_size(): {spec.label}: {dim.text!r} is any number of unchecked axes, so no mapping "
                    "sizes them; name them ('*batch') and give their sizes as a tuple, {'batch': (64, 3)}"
                )
            if dim.name not in given:
                raise missing(f"the axes *{dim.name} have no sizes")
            sizes = given[dim.name]
            if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence):
                raise TypeCheckError(
                    f"get_size(): {spec.label}: *{dim.name} is any number of axes, so its sizes are a tuple such as (64, 3), "
                    f"not {safe_repr(sizes, 120)}"
                )
            shape.extend(_size(spec, size, f"*{dim.name}[{i}]") for i, size in enumerate(sizes))
        elif kind == SYMBOLIC:
            shape.append(_evaluate(spec, dim, axis, given, missing))
        else:  # ANY
            raise AnnotationError(
                f"get_size(): {spec.label}: axis {axis} ({dim.text!r}) is unchecked, so no mapping sizes it; "
                "name it (e.g. 'n') to give it a size"
            )
    return shape


def _evaluate(
    spec: ArraySpec, dim: Dim, axis: int, given: dict[str, Any], missing: Callable[[str], AnnotationError]
) -> int:
    expr = dim.expr
    assert expr is not None
    values: dict[str, Any] = {}
    for name in expr.names:
        if name in given:
            values[name] = _size(spec, given[name], f"dim {name}")
    for placeholder, path in dim.arguments:  # `{size}`, `{self.n}`: given by their text
        key = ".".join(path)
        if key in given:
            values[placeholder] = _size(spec, given[key], f"{{{key}}}")
    placeholders = dict(dim.arguments)
    unknown = sorted(".".join(placeholders[n]) if n in placeholders else n for n in expr.names if n not in values)
    if unknown:
        raise missing(f"axis {axis} ({expr.text!r}) needs {', '.join(unknown)}")
    try:
        size = expr.evaluate(values)
    except ArithmeticError as err:
        raise AnnotationError(f"get_size(): {spec.label}: axis {axis} ({expr.text!r}): {err}") from None
    if isinstance(size, bool):
        raise AnnotationError(
            f"get_size(): {spec.label}: axis {axis} ({expr.text!r}) is a condition, not a size, so it has no size"
        )
    if size < 0:
        raise AnnotationError(f"get_size(): {spec.label}: axis {axis} ({expr.text!r}) is {size}, not a size")
    return int(size)


def _itemsize(spec: ArraySpec) -> int:
    category = spec.category
    names = category.names
    if names is None or len(names) != 1 or category.keys or category.patterns or category.parts:
        listed = sorted(names or ())
        parts = [", ".join(listed[:4]) + (f", ... ({len(listed)} dtypes)" if len(listed) > 4 else "")] if listed else []
        parts += ["jax keys (key<impl>)"] * category.keys + [f"names matching {p.pattern!r}" for p in category.patterns]
        dtypes = "any dtype" if names is None else "; ".join(parts) or category.label
        raise AnnotationError(
            f"get_size(): {spec.label}: its dtype {category.label} is not one dtype ({dtypes}), and the size "
            "depends on it; give a ShapeInfo from get_shape_info(), or fix the dtype with clone(dtype=...)"
        )
    (name,) = names
    dtype = _dtype_named(name)
    if dtype is None:
        raise AnnotationError(
            f"get_size(): {spec.label}: no dtype named {name!r} is known to numpy (or ml_dtypes), so its size "
            "is unknown; give a ShapeInfo from get_shape_info()"
        )
    return int(dtype.itemsize)


def _dtype_named(name: str) -> Any:
    dtype = _known_dtype(name)
    if dtype is None and "ml_dtypes" not in sys.modules:
        try:
            import ml_dtypes  # noqa: F401  # pyright: ignore[reportMissingImports, reportUnusedImport]
        except ImportError:
            return None
        dtype = _known_dtype(name)
    return dtype


# --------------------------------------------------------------------------- clone


def clone(t: ArrayType, *, dtype: Any = None, shape: Any = None) -> Any:
    """The type `t` with a new dtype and/or shape, in the spelling of `t`.

    `NDArray[float32, N, L[3]]` gives `NDArray[float16, N, L[3]]` for `dtype=float16`, and
    `Float32[np.ndarray, "n 3"]` gives `Float16[np.ndarray, "n 3"]` (the same class as written
    by hand); the array classes stay. `dtype` is a numpy scalar type (`float16`, `np.floating`),
    a `np.dtype`, a dtype name (`"bfloat16"`), a dtype category (`Float`, `Float16`) or `Any`.
    `shape` replaces the whole shape: a shape string (`"batch 3"`) or a tuple of axes, each a
    DimensionVar, `Literal[n]`, an int, `Any`, a ShapeVar (`*Rest`, `Unpack[Rest]`),
    `*tuple[Any, ...]`, `...`, or one axis of the string grammar (`"#n"`, `"n+1"`). `NDArray` has
    no broadcastable, symbolic or per-leaf axes: cloning one into it is an AnnotationError.
    """
    if isinstance(t, (SPELLINGS.array_meta, SPELLINGS.category_meta)):
        spec = as_spec(t, "clone")
        category_cls = _own_category_class(t, spec) if dtype is None else _category_class(dtype)
        text = spec.shape.text if shape is None else " ".join(_token(dim) for dim, _ in _axes(shape))
        array_type: Any = Any if spec.types is None else spec.types[0] if len(spec.types) == 1 else Union[spec.types]
        return _built("clone", spec.label, lambda: category_cls[array_type, text])
    if t is SPELLINGS.ndarray or typing.get_origin(t) is SPELLINGS.ndarray:
        args = typing.get_args(t) or (Any, Unpack[tuple[Any, ...]])
        dtype_arg = args[0] if dtype is None else _ndarray_dtype(dtype)
        dims = list(args[1:]) if shape is None else [_ndarray_axis(dim, item) for dim, item in _axes(shape)]
        return _built("clone", as_spec(t, "clone").label, lambda: SPELLINGS.ndarray[(dtype_arg, *dims)])  # type: ignore[misc]
    as_spec(t, "clone")  # the error for anything else that is no array type
    raise AnnotationError(
        f'clone() takes array types such as NDArray[float32, N] or Float32[np.ndarray, "n"], not {safe_repr(t, 120)}'
    )


def _built(function: str, label: str, build: Callable[[], Any]) -> Any:
    try:
        return build()
    except AnnotationError as err:
        raise AnnotationError(f"{function}(): {label}: {err}") from None


def _axes(shape: Any) -> list[tuple[Dim, Any]]:
    """A new shape as (axis, the NDArray argument it was given as, or None) pairs."""
    if isinstance(shape, str):
        return [(dim, None) for dim in _parsed("clone", shape).dims]
    if not isinstance(shape, (tuple, list)):
        raise AnnotationError(
            "clone(): shape is a shape string such as 'batch 3' or a tuple of axes such as (Batch, Literal[3]) "
            f"or (64, 3), not {safe_repr(shape, 120)}"
        )
    axes: list[tuple[Dim, Any]] = []
    for item in shape:
        if isinstance(item, bool):
            raise AnnotationError(f"clone(): {item!r} in shape {safe_repr(shape, 120)} is not an axis")
        if isinstance(item, int):
            if item < 0:
                raise AnnotationError(f"clone(): {item} in shape {safe_repr(shape, 120)}: sizes are not negative")
            axes.append((Dim(FIXED, size=item, text=str(item)), None))
        elif isinstance(item, str):
            axes.extend((dim, None) for dim in _parsed("clone", item).dims)
        elif item is Ellipsis:
            axes.append((Dim(VARIADIC, text="..."), None))
        else:
            try:
                axes.extend((dim, item) for dim in _dims(item, shape))
            except AnnotationError as err:
                raise AnnotationError(f"clone(): {err}") from None
    if sum(dim.kind == VARIADIC for dim, _ in axes) > 1:
        raise AnnotationError(
            f"clone(): shape {safe_repr(shape, 120)} has more than one variadic part; an array has at most one"
        )
    return axes


def _parsed(function: str, text: str) -> ShapeSpec:
    try:
        return parse_shape(text)
    except AnnotationError as err:
        raise AnnotationError(f"{function}(): {err}") from None


def _token(dim: Dim) -> str:
    """One axis in the string grammar: as written when that parses back to it, else spelled out."""
    try:
        if dim.text and parse_shape(dim.text).dims == (dim,):
            return dim.text
    except AnnotationError:
        pass
    if dim.kind == ANY:  # NDArray's `Any`
        return "_"
    if dim.kind == VARIADIC and dim.name is None:  # NDArray's `*tuple[Any, ...]`
        return "..."
    return dim.text


_DIMENSION_VARS: dict[str, Any] = {}
_SHAPE_VARS: dict[str, Any] = {}


def _ndarray_axis(dim: Dim, given: Any) -> Any:
    """One axis as an NDArray argument (what the user gave, when they gave one)."""
    if given is not None:
        return given
    why = ""
    if dim.broadcast:
        why = "it has no broadcastable axes ('#')"
    elif dim.per_leaf:
        why = "it has no per-leaf axes ('?')"
    elif dim.kind == SYMBOLIC:
        why = "its axes are DimensionVars, Literal sizes and Any, not expressions"
    elif dim.kind == FIXED:
        return typing.Literal[dim.size]
    elif dim.kind == NAMED:
        assert dim.name is not None
        return _DIMENSION_VARS.setdefault(dim.name, TypeVar(dim.name))  # type: ignore[misc]
    elif dim.kind == ANY:
        return Any
    elif dim.name is None:  # VARIADIC
        return Unpack[tuple[Any, ...]]
    else:
        return Unpack[_SHAPE_VARS.setdefault(dim.name, TypeVarTuple(dim.name))]  # type: ignore[misc]
    raise AnnotationError(
        f"clone(): NDArray cannot spell the axis {dim.text!r}: {why}; clone a type of the jaxtyping "
        f'spelling (such as Float32[np.ndarray, "{dim.text}"]) to use it'
    )


# NDArray's abstract dtypes by category (the inverse of _ndarray's `np.floating` -> Float).
_NUMPY_ABSTRACT = {label: getattr(np, name) for name, label in _ABSTRACT.items()}
_NUMPY_ABSTRACT["Bool"] = np.bool_


def _ndarray_dtype(dtype: Any) -> Any:
    """`dtype` as NDArray's first argument: a numpy scalar type (or abstract type), or Any."""
    if isinstance(dtype, np.dtype):
        return dtype.type
    if isinstance(dtype, str):
        known = _dtype_named(dtype)
        if known is None:
            raise AnnotationError(f"clone(): no dtype is named {dtype!r}")
        return known.type
    if isinstance(dtype, SPELLINGS.category_meta):
        category = dtype._ndt_category
        assert category is not None, "AbstractDtype itself is no category"
        label = category.label
        if CATEGORIES.get(label) is category and label in _NUMPY_ABSTRACT:
            return _NUMPY_ABSTRACT[label]
        names = category.names
        if names is not None and len(names) == 1 and not (category.patterns or category.parts or category.keys):
            known = _dtype_named(next(iter(names)))
            if known is not None:
                return known.type
        raise AnnotationError(
            f"clone(): NDArray has no dtype for the category {label} ({', '.join(sorted(names or ())) or 'its dtypes'}); "
            "give a numpy scalar type or an abstract one such as np.floating, or clone a type of the jaxtyping spelling"
        )
    return dtype  # a numpy scalar type, Any, a TypeVar: NDArray says whether it is a dtype


def _category_class(dtype: Any) -> Any:
    """`dtype` as a dtype category class (the jaxtyping spelling's first part): `float16` -> Float16."""
    if isinstance(dtype, SPELLINGS.category_meta):
        if dtype._ndt_category is None:
            raise AnnotationError("clone(): AbstractDtype is the base of the dtype categories, not a dtype")
        return dtype
    if dtype is Any:
        return _package_category("Shaped")
    if isinstance(dtype, type) and dtype.__module__.split(".", 1)[0] == "numpy" and dtype.__name__ in _ABSTRACT:
        return _package_category(_ABSTRACT[dtype.__name__])  # np.floating -> Float
    if isinstance(dtype, str):
        known = _dtype_named(dtype)
    else:
        try:
            known = np.dtype(dtype)
        except Exception:
            known = None
    if known is None or isinstance(dtype, (bool, int, float)):
        raise AnnotationError(
            "clone(): dtype is a numpy scalar type (float16, np.floating), a np.dtype, a dtype name or a dtype "
            f"category such as Float16, not {safe_repr(dtype, 120)}"
        )
    return _category_of_name(dtype_name(known))


_MADE: dict[str, Any] = {}


def _category_of_name(name: str) -> Any:
    """The category class of exactly one dtype: ndtyping's own (Float16) or, for a dtype ndtyping
    has none for (float96, datetime64), one made once (an AbstractDtype subclass)."""
    for label, category in CATEGORIES.items():
        if category.names == frozenset((name,)) and not category.keys:
            return _package_category(label)
    made = _MADE.get(name)
    if made is None:
        made = _MADE[name] = SPELLINGS.category_meta(
            name[:1].upper() + name[1:], (SPELLINGS.abstract_dtype,), {"dtypes": [name], "__module__": "ndtyping"}
        )
    return made


def _package_category(label: str) -> Any:
    return getattr(sys.modules["ndtyping"], label)  # the classes users import (Float16 is Float16)


def _own_category_class(t: Any, spec: ArraySpec) -> Any:
    """The category class `t` is written with, for a clone that keeps the dtype."""
    if isinstance(t, SPELLINGS.category_meta):
        return t
    written: Any = getattr(t, "dtype", None)
    if isinstance(written, SPELLINGS.category_meta) and written._ndt_category is spec.category:
        return written
    category = spec.category
    if CATEGORIES.get(category.label) is category:
        return _package_category(category.label)
    names = category.names
    if names is not None and len(names) == 1 and not (category.patterns or category.parts or category.keys):
        return _category_of_name(next(iter(names)))
    raise AnnotationError(  # nested annotations whose categories intersect (Float[UInt8orFloat[...], ...])
        f"clone(): {spec.label}: its dtype {category.label} has no category class to rebuild it with; pass dtype="
    )


# --------------------------------------------------------------------------- filter_inplace, convert


def _options(function: str, spec: ArraySpec, strict: Any, allow_downcast: Any) -> None:
    if not isinstance(strict, bool):
        raise TypeCheckError(f"{function}(): {spec.label}: strict must be True or False, not {safe_repr(strict, 120)}")
    if allow_downcast is not None and not isinstance(allow_downcast, bool):
        raise TypeCheckError(
            f"{function}(): {spec.label}: allow_downcast must be None, True or False, not {safe_repr(allow_downcast, 120)}"
        )


def _as(function: str, spec: ArraySpec, run: Callable[[], Any]) -> Any:
    """`run()` (a filter), its errors naming `function` instead of filter()."""
    try:
        return _built(function, spec.label, run)
    except ShapeError as err:
        if err.function != "filter":
            raise
        raise check_failure(ShapeError, function, expected=err.expected, got=err.got, reason=err.reason or "") from None


def filter_inplace(
    t: TypeForm[_T], value: Any, storage: Any, strict: bool = False, allow_downcast: Optional[bool] = None
) -> _T:
    """`filter(t, value, strict, allow_downcast)`, written into `storage` when it fits.

    `storage` is an array of type `t` (the previous value, say) or None. When it is a writeable
    numpy array and `value` can become an array of its shape and dtype under `filter`'s rules,
    the values are copied into it and `storage` itself is returned; the copy is made only after
    the value is accepted, so a refused value leaves `storage` as it was. Otherwise (a jax array,
    read-only memory, another shape, a value that only fits another dtype of `t`) the result is
    `filter`'s: the value as it is, or a new array. Refusals are `filter`'s, naming filter_inplace.
    """
    spec = as_spec(t, "filter_inplace")
    _options("filter_inplace", spec, strict, allow_downcast)
    if storage is not None:
        _check_value(spec, storage, "filter_inplace", "storage")
        if isinstance(storage, np.ndarray) and storage.flags.writeable:
            name = dtype_name(storage.dtype)
            own = ArraySpec((np.ndarray,), DTypeCategory(name, frozenset((name,))), spec.shape, spec.label)
            try:
                filled = _as("filter_inplace", spec, lambda: filter_spec(own, value, strict, allow_downcast))
            except (ShapeError, AnnotationError):
                filled = None  # the value does not fit the storage: filter's own answer below
            if isinstance(filled, np.ndarray) and filled.shape == storage.shape:
                if filled is not storage:
                    np.copyto(storage, filled, casting="equiv")  # the same dtype, perhaps another byte order
                return storage  # type: ignore[no-any-return]
    return _as("filter_inplace", spec, lambda: filter_spec(spec, value, strict, allow_downcast))  # type: ignore[no-any-return]


def convert(t: TypeForm[_T], x: Any, allow_downcast: Optional[bool] = None) -> _T:
    """`x`, an array of a related type, as an array of type `t`.

    Another library (a numpy array to `Float32[jax.Array, "n"]`, a jax array to `np.ndarray`)
    or another dtype, by `filter`'s rules: `allow_downcast=None` (default) when every value
    survives, `False` for safe casts only, `True` for any cast. The shape never changes. An array
    already of type `t` is returned as it is. `x` must be an array (numpy or jax): lists and
    scalars are `filter`'s. What `filter` refuses, `convert` refuses with the same ShapeError.
    """
    spec = as_spec(t, "convert")
    _options("convert", spec, False, allow_downcast)
    if _library(x) is None or not hasattr(x, "shape") or not hasattr(x, "dtype"):
        raise check_failure(
            ShapeError,
            "convert",
            expected=spec.label,
            got=describe_value(x),
            reason=f"convert() takes an array (numpy or jax), not a {type(x).__qualname__}; "
            "filter() makes arrays of lists and scalars",
        )
    return _as("convert", spec, lambda: filter_spec(spec, x, False, allow_downcast))  # type: ignore[no-any-return]
