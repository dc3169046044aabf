"""Array types as values: subtyping (`is_super`), classes, validity and conversion (`filter`).

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

import functools
import sys
import warnings
from typing import TYPE_CHECKING, Any, Optional, TypeVar, Union

import numpy as np

from ._annotations import ArrayAnnotationMeta, DTypeCategoryMeta
from ._bindings import Scope
from ._dtypes import CATEGORIES, DTypeCategory, dtype_name
from ._engine import ArraySpec, describe_value, match_array
from ._errors import AnnotationError, ShapeError, TypeCheckError
from ._grammar import ANY, FIXED, NAMED, SYMBOLIC, Dim, ShapeSpec
from ._ndarray import is_generic_array, spec_of

if TYPE_CHECKING:  # only the checker needs it (TypeForm is in typing_extensions >= 4.13)
    from typing_extensions import TypeAlias, TypeForm

    # An array type in either spelling (PEP 747: a non-type argument is a static error), or a spec.
    ArrayType: TypeAlias = Union[TypeForm[Any], ArraySpec]

__all__ = ["as_spec", "is_super", "in_same_class", "is_valid_value", "filter", "filter_spec"]

_T = TypeVar("_T")


# --------------------------------------------------------------------------- reading a type


def as_spec(annotation: Any, function: str = "as_spec") -> ArraySpec:
    """The ArraySpec of an array type in either spelling, or AnnotationError naming `function`."""
    if isinstance(annotation, ArraySpec):
        return annotation
    if isinstance(annotation, ArrayAnnotationMeta):
        return annotation._ndt_spec
    if isinstance(annotation, DTypeCategoryMeta):  # bare `Float`: any floating array, any shape
        return annotation[Any, "..."]._ndt_spec
    if is_generic_array(annotation):
        return spec_of(annotation)
    raise AnnotationError(
        f"{function}() takes array types such as NDArray[float32, N] or Float32[np.ndarray, \"n\"], "
        f"not {_safe_repr(annotation)}"
    )


def _safe_repr(value: Any) -> str:
    try:
        return repr(value)[:120]
    except Exception:
        return f"<{type(value).__qualname__}>"


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
    return _types_cover(ts.types, us.types) and ts.category.issuperset(us.category) and _shape_covers(ts.shape, us.shape)


def _types_cover(t_types: Optional[tuple[type, ...]], u_types: Optional[tuple[type, ...]]) -> bool:
    if t_types is None:
        return True
    if u_types is None:  # U accepts any object with .shape and .dtype
        return False
    try:
        return all(any(issubclass(u_cls, t_cls) for t_cls in t_types) for u_cls in u_types)
    except Exception:  # a class whose __subclasscheck__ refuses: never claim containment
        return False


# The shape of U at one axis, as far as T's constraints need to know it.
class _Fixed:
    __slots__ = ("size", "broadcast")

    def __init__(self, size: int, broadcast: bool) -> None:
        self.size = size
        self.broadcast = broadcast

    def sizes(self) -> frozenset[int]:
        return frozenset((self.size, 1)) if self.broadcast else frozenset((self.size,))


class _Name:
    __slots__ = ("name", "broadcast")

    def __init__(self, name: str, broadcast: bool) -> None:
        self.name = name
        self.broadcast = broadcast


class _Symbolic:
    """An expression axis of U: treated as any size, except against the very same expression."""

    __slots__ = ("dim",)

    def __init__(self, dim: Dim) -> None:
        self.dim = dim


class _Any:
    __slots__ = ()


_ANY = _Any()
_Term = Union[_Fixed, _Name, _Symbolic, _Any]
# A name's value in U, when T can rely on it: ("const", size) or ("name", U's name).
_Core = tuple[str, Any]


def _constant(dim: Dim) -> Any:
    """The value of an expression that reads no names (`2+1`, `3>2`), else None."""
    expr = dim.expr
    if expr is None or expr.names or dim.arguments:
        return None
    try:
        value = expr.evaluate({})
    except Exception:
        return None
    return value if isinstance(value, int) else None  # bool is an int: True / False stay as they are


def _term(dim: Dim) -> _Term:
    kind = dim.kind
    if kind == FIXED:
        return _Fixed(dim.size, dim.broadcast)
    if kind == NAMED:
        assert dim.name is not None
        return _Name(dim.name, dim.broadcast)
    if kind == SYMBOLIC:
        value = _constant(dim)
        if value is True:
            return _ANY
        if value is not None and value is not False:
            return _Fixed(value, dim.broadcast)
        return _Symbolic(dim)
    return _ANY  # ANY (VARIADIC never reaches here)


def _same_dim(a: Dim, b: Dim) -> bool:
    if a.kind != b.kind or a.broadcast != b.broadcast:
        return False
    if a.kind == SYMBOLIC:
        assert a.expr is not None and b.expr is not None
        return a.expr.text == b.expr.text and a.arguments == b.arguments
    if a.kind == ANY:
        return True
    return a.name == b.name and a.size == b.size


def _same_shape(t: ShapeSpec, u: ShapeSpec) -> bool:
    return t.variadic == u.variadic and len(t.dims) == len(u.dims) and all(map(_same_dim, t.dims, u.dims))


def _names(shape: ShapeSpec) -> frozenset[str]:
    """Names bound by single axes (not the variadic one)."""
    return frozenset(d.name for d in shape.dims if d.kind == NAMED and d.name is not None)


def _variadic_name(shape: ShapeSpec) -> Optional[str]:
    return None if shape.variadic is None else shape.dims[shape.variadic].name


def _decidable(shape: ShapeSpec) -> bool:
    """False when T reuses its variadic name as an axis name or in an expression (rare, odd)."""
    name = _variadic_name(shape)
    if name is None:
        return True
    return not any(
        (d.kind == NAMED and d.name == name) or (d.kind == SYMBOLIC and d.expr is not None and name in d.expr.names)
        for d in shape.dims
    )


def _shape_covers(t: ShapeSpec, u: ShapeSpec) -> bool:
    """Every shape U accepts (in a fresh scope), T accepts."""
    if _same_shape(t, u):
        return True
    if not _decidable(t):
        return False
    context = _Context(t, u)
    t_dims = t.dims
    if u.variadic is None:
        terms = [_term(d) for d in u.dims]
        rank = len(terms)
        if t.variadic is None:
            return len(t_dims) == rank and context.covers(list(zip(t_dims, terms)))
        before, after = t.variadic, len(t_dims) - t.variadic - 1
        if rank < before + after:
            return False
        return context.covers(list(zip(t_dims[:before], terms[:before])) + list(zip(t_dims[before + 1 :], terms[rank - after :])))
    if t.variadic is None or len(u.dims) < len(t_dims):
        return False  # U has arbitrarily many axes; or fewer fixed ones than T needs
    before, after = t.variadic, len(t_dims) - t.variadic - 1
    u_before = [_term(d) for d in u.dims[: u.variadic]]
    u_after = [_term(d) for d in u.dims[u.variadic + 1 :]]
    # U's variadic part expands to m unchecked axes. Once m >= max(before, after), T's leading
    # and trailing axes meet the same U axes (or unchecked ones) for every larger m too.
    for m in range(max(before, after) + 1):
        terms: list[_Term] = [*u_before, *([_ANY] * m), *u_after]
        rank = len(terms)
        pairs = list(zip(t_dims[:before], terms[:before])) + list(zip(t_dims[before + 1 :], terms[rank - after :]))
        if not context.covers(pairs):
            return False
    return True


class _Context:
    """Decides, for one alignment of T's axes with U's, whether U's constraints imply T's."""

    def __init__(self, t: ShapeSpec, u: ShapeSpec) -> None:
        self.t_names = _names(t)
        self.u_names = _names(u)
        self.t_variadic = _variadic_name(t)
        self.u_variadic = _variadic_name(u)

    def covers(self, pairs: list[tuple[Dim, _Term]]) -> bool:
        groups: dict[str, list[tuple[bool, _Term]]] = {}
        expressions: list[tuple[Dim, _Term]] = []
        for dim, term in pairs:
            kind = dim.kind
            if kind == ANY:
                continue
            if kind == FIXED:
                if not _fixed_covers(dim.size, dim.broadcast, term):
                    return False
            elif kind == NAMED:
                assert dim.name is not None
                groups.setdefault(dim.name, []).append((dim.broadcast, term))
            elif kind == SYMBOLIC:
                value = _constant(dim)
                if value is True:
                    continue
                if value is False:
                    return False
                if value is not None:
                    if not _fixed_covers(value, dim.broadcast, term):
                        return False
                else:
                    expressions.append((dim, term))
        cores: dict[str, Optional[_Core]] = {}
        for name, members in groups.items():
            ok, core = _group_covers(members)
            if not ok:
                return False
            cores[name] = core
        return all(self._expression_covers(dim, term, cores) for dim, term in expressions)

    def _expression_covers(self, dim: Dim, term: _Term, cores: dict[str, Optional[_Core]]) -> bool:
        expr = dim.expr
        assert expr is not None
        # Every name T reads is a size U fixes: evaluate T's expression and compare.
        values: dict[str, Any] = {}
        for name in expr.names:
            core = cores.get(name)
            if core is None or core[0] != "const":
                break
            values[name] = core[1]
        else:
            if not dim.arguments:
                try:
                    expected = expr.evaluate(values)
                except Exception:
                    return False
                if isinstance(expected, bool):
                    return expected
                return isinstance(expected, int) and _fixed_covers(expected, dim.broadcast, term)
        # Or U has the same expression on this axis, over the same values.
        if not isinstance(term, _Symbolic):
            return False
        other = term.dim
        assert other.expr is not None
        if other.expr.text != expr.text or other.arguments != dim.arguments or (other.broadcast and not dim.broadcast):
            return False
        for name in expr.names:
            if cores.get(name) == ("name", name):
                continue  # T's name sits exactly on U's axes of the same name
            if name in self.t_names or name in self.u_names or name in (self.t_variadic, self.u_variadic):
                return False
            # Bound by neither array: both read the same outer binding (or argument).
        return True


def _fixed_covers(size: int, broadcast: bool, term: _Term) -> bool:
    """U's axis is always `size` (or 1 when T's axis is broadcastable)."""
    if not isinstance(term, _Fixed):
        return False
    allowed = {size, 1} if broadcast else {size}
    return term.sizes() <= allowed


def _exact(term: _Term) -> Optional[_Core]:
    """What U's axis always equals: a constant, or the value of one of U's names."""
    if isinstance(term, _Fixed):
        if not term.broadcast or term.size == 1:
            return ("const", term.size)
        return None
    if isinstance(term, _Name) and not term.broadcast:
        return ("name", term.name)
    return None


def _group_covers(members: list[tuple[bool, _Term]]) -> tuple[bool, Optional[_Core]]:
    """Whether T's axes sharing one name always agree on U's shapes, and the value they agree on.

    The engine's rule: the sizes at T's plain axes of the name, and the sizes other than 1 at
    its broadcastable (`#n`) axes, are all one value. A name used once constrains nothing.
    """
    plain = [term for broadcast, term in members if not broadcast]
    if len(members) == 1:
        return True, (_exact(plain[0]) if plain else None)
    core: Optional[_Core] = None
    for term in plain:
        exact = _exact(term)
        if exact is None or (core is not None and exact != core):
            return False, None
        core = exact
    for broadcast, term in members:
        if not broadcast:
            continue
        # U's sizes here must lie in {core, 1}.
        if isinstance(term, _Fixed):
            others = term.sizes() - {1}
            if not others:
                continue
            candidate: _Core = ("const", next(iter(others)))
        elif isinstance(term, _Name):
            candidate = ("name", term.name)
        else:
            return False, None
        if core is not None and candidate != core:
            return False, None
        core = candidate
    return True, (core if plain else None)


# --------------------------------------------------------------------------- in_same_class


def in_same_class(t: ArrayType, u: ArrayType) -> bool:
    """Same dtype category and rank, and compatible sizes wherever both fix an axis.

    The array classes are not compared (an `NDArray` and a `Float32[np.ndarray, ...]` of the
    same dtype and rank are in one class). With variadic parts, both must have the variadic
    part at the same place with the same number of axes around it.
    """
    ts, us = as_spec(t, "in_same_class"), as_spec(u, "in_same_class")
    if not _same_category(ts.category, us.category):
        return False
    a, b = ts.shape, us.shape
    if a.variadic != b.variadic or len(a.dims) != len(b.dims):
        return False
    for x, y in zip(a.dims, b.dims):
        sx, sy = _fixed_sizes(x), _fixed_sizes(y)
        if sx is not None and sy is not None and not (sx & sy):
            return False
    return True


def _same_category(a: DTypeCategory, b: DTypeCategory) -> bool:
    return a.names == b.names and (a.names is None or a.keys == b.keys)


def _fixed_sizes(dim: Dim) -> Optional[frozenset[int]]:
    if dim.kind not in (FIXED, SYMBOLIC):
        return None
    term = _term(dim)
    return term.sizes() if isinstance(term, _Fixed) else None


# --------------------------------------------------------------------------- is_valid_value


def is_valid_value(t: ArrayType, value: Any) -> bool:
    """Whether `value` already is an array of type `t` (nothing converted).

    Judged on its own, like `isinstance` outside a checked call: the bindings of a running
    `@check` call are neither read nor extended.
    """
    return not match_array(as_spec(t, "is_valid_value"), value, Scope(), "is_valid_value")


# --------------------------------------------------------------------------- filter


def filter(t: TypeForm[_T], value: Any, strict: bool = False, allow_downcast: Optional[bool] = None) -> _T:  # noqa: A001
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
        raise TypeCheckError(f"filter(): strict must be True or False, not {_safe_repr(strict)}")
    if allow_downcast is not None and not isinstance(allow_downcast, bool):
        raise TypeCheckError(f"filter(): allow_downcast must be None, True or False, not {_safe_repr(allow_downcast)}")
    reason = match_array(spec, value, Scope(), "filter")
    if not reason:
        return value
    if strict:
        raise _filter_error(spec, value, f"{reason} (strict=True converts nothing)")
    return _Conversion(spec, value, allow_downcast).run()


def _filter_error(spec: ArraySpec, value: Any, reason: str) -> ShapeError:
    return ShapeError(f"filter(): expected {spec.label}, got {describe_value(value)}\n  reason: {reason}")


_NUMERIC_KINDS = "biufc"  # bool, int, uint, float, complex
_KIND_ORDER = {"f": 0, "i": 1, "c": 2, "u": 3, "b": 4}  # between kinds: floats, then signed ints, ...


class _Conversion:
    """One non-strict `filter`: choose the library and dtype, convert, prove nothing was lost."""

    def __init__(self, spec: ArraySpec, value: Any, allow_downcast: Optional[bool]) -> None:
        self.spec = spec
        self.value = value
        self.allow_downcast = allow_downcast

    def fail(self, reason: str) -> ShapeError:
        return _filter_error(self.spec, self.value, reason)

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
                raise self.fail(f"jax cannot hold {describe_value(converted)}: {type(err).__name__}: {str(err)[:200]}") from None
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
            raise self.fail(f"cannot convert {dtype_name(array.dtype)} to {dtype_name(dtype)}: {type(err).__name__}: {str(err)[:200]}") from None


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
        return _safe_repr(scalar)
