"""The matcher shared by every annotation style: (spec, value, scope) -> reason, or "" if it fits.

Both `Float[np.ndarray, "b n"]` and `NDArray[float32, B, N]` are translated into an
ArraySpec, and this module alone decides whether a value fits one. New bindings are
written to the scope only when the whole array fits, so a failed alternative (one arm of
a Union) leaves nothing behind.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Optional

from .._errors import AnnotationError
from .bindings import Scope, current_scope
from .dtypes import DTypeCategory, dtype_name, short_dtype
from .grammar import FIXED, NAMED, SYMBOLIC, Dim, ShapeSpec, parse_shape

__all__ = ["ArraySpec", "fits", "match_array", "describe_value", "resolve_argument", "leaf_shape", "safe_repr"]


class ArraySpec:
    """What an array annotation requires: the array type(s), a dtype category and a shape."""

    __slots__ = ("types", "category", "shape", "label", "_dtype_ok", "per_leaf", "_leaf_shapes", "fits", "alias_class")

    def __init__(
        self, types: Optional[tuple[type, ...]], category: DTypeCategory, shape: ShapeSpec, label: str
    ) -> None:
        self.types = types  # None: any object with .shape and .dtype
        self.category = category
        self.shape = shape
        self.label = label
        self._dtype_ok: dict[Any, bool] = {}  # dtype object -> verdict, filled lazily
        # '?name' axes: sizes that may differ between PyTree leaves (see leaf_shape).
        self.per_leaf = any(dim.per_leaf and dim.name for dim in shape.dims)
        self._leaf_shapes: dict[str, ShapeSpec] = {}  # leaf position -> shape with '?name' qualified
        # isinstance's compiled check, (owner, value) -> bool, made on first use (see _fastpath.fits_for).
        self.fits: Optional[Callable[[Any, Any], bool]] = None
        self.alias_class: Optional[type] = None  # the class NDArray aliases of this spec take (see _ndarray)

    def dtype_ok(self, dtype: Any) -> bool:
        try:
            return self._dtype_ok[dtype]
        except KeyError:
            verdict = self.category.contains(dtype_name(dtype))
            if len(self._dtype_ok) < 256:
                self._dtype_ok[dtype] = verdict
            return verdict
        except TypeError:  # unhashable dtype-like
            return self.category.contains(dtype_name(dtype))

    def __repr__(self) -> str:
        return self.label

    def __reduce__(self) -> Any:
        # Pickled by its meaning; the caches and the compiled check (which holds the bindings'
        # ContextVar) are rebuilt on first use after loading. cloudpickle copies an annotation
        # class by value, spec included.
        return (_spec_from_text, (self.types, self.category, self.shape.text, self.label))


def _spec_from_text(types: Optional[tuple[type, ...]], category: DTypeCategory, shape: str, label: str) -> ArraySpec:
    return ArraySpec(types, category, parse_shape(shape), label)


def describe_value(value: Any) -> str:
    """Short form of a value for messages: `f32[2,3](numpy)`, `list`, `None`."""
    try:
        shape = value.shape
        dtype = value.dtype
    except Exception:
        return "None" if value is None else type(value).__name__
    library = type(value).__module__.split(".", 1)[0]
    library = {"jaxlib": "jax", "builtins": ""}.get(library, library)
    try:
        dims = ",".join(str(int(s)) if isinstance(s, int) else str(s) for s in shape)
    except Exception:
        dims = "?"
    short = short_dtype(dtype_name(dtype))
    return f"{short}[{dims}]({library})" if library else f"{short}[{dims}]"


def fits(spec: ArraySpec, value: Any) -> bool:
    """`isinstance` semantics: inside a checked call use (and extend) its bindings, else start fresh."""
    scope = current_scope()
    return not match_array(spec, value, scope if scope is not None else Scope(), "isinstance")


def match_array(spec: ArraySpec, value: Any, scope: Scope, where: str = "") -> str:
    """Return "" if `value` fits `spec` (binding new dims in `scope`), else the reason."""
    types = spec.types
    if types is not None and not isinstance(value, types):
        names = " or ".join(t.__qualname__ for t in types)
        return f"expected an array of type {names}, got {type(value).__qualname__}"
    try:
        shape = value.shape
        dtype = value.dtype
    except Exception:
        return f"expected an array (with .shape and .dtype), got {type(value).__qualname__}"
    if not spec.dtype_ok(dtype):
        return f"dtype {dtype_name(dtype)} is not {spec.category.label}"
    if type(shape) is not tuple:
        if isinstance(shape, (str, bytes)):
            return f"its .shape is not a tuple of sizes ({type(shape).__qualname__})"
        try:
            shape = tuple(shape)
        except Exception:
            return f"its .shape is not a tuple of sizes ({type(shape).__qualname__})"
    for size in shape:
        if type(size) is not int:
            shape = _integer_sizes(shape)
            if isinstance(shape, str):
                return shape
            break
    try:
        return match_shape(leaf_shape(spec, scope) if spec.per_leaf else spec.shape, shape, scope, where)
    except AnnotationError:
        raise
    except Exception as err:  # sizes that cannot even be compared (a lying .shape)
        return f"its .shape {safe_repr(shape)} cannot be compared with sizes: {type(err).__name__}"


def leaf_shape(spec: ArraySpec, scope: Scope) -> ShapeSpec:
    """The shape of `spec` with each '?name' axis renamed for the PyTree leaf being checked.

    `?n` at leaf 2 of structure T becomes the ordinary dim `?n@T[2]`, so the size is free per
    leaf but must agree with the same leaf of every other tree annotated with structure T.
    """
    leaf = scope.leaf
    if leaf is None:
        names = " ".join(dim.text for dim in spec.shape.dims if dim.per_leaf and dim.name)
        raise AnnotationError(
            f"{spec.label}: the per-leaf axis {names!r} only has a meaning for a leaf of a PyTree with a "
            'named structure, e.g. PyTree[Float[Array, "?n"], "T"]; use a plain name outside one'
        )
    shape = spec._leaf_shapes.get(leaf)
    if shape is None:
        dims = tuple(
            dim.replace(name=f"?{dim.name}@{leaf}", per_leaf=False) if dim.per_leaf and dim.name else dim
            for dim in spec.shape.dims
        )
        shape = ShapeSpec(dims, spec.shape.variadic, spec.shape.text)
        if len(spec._leaf_shapes) < 1024:
            spec._leaf_shapes[leaf] = shape
    return shape


def _integer_sizes(shape: tuple[Any, ...]) -> Any:
    """Sizes as ints (numpy ints included), or the reason they are not sizes at all.

    jax's symbolic dimensions (shape polymorphism) are kept as they are: they compare with
    ints and with each other, which is all the matcher needs.
    """
    sizes = []
    for size in shape:
        try:
            sizes.append(operator.index(size))
        except Exception:
            if type(size).__module__.startswith("jax"):
                sizes.append(size)
            else:
                return f"its .shape holds {safe_repr(size)}, which is not an integer size"
    return tuple(sizes)


def safe_repr(value: Any, limit: int = 80) -> str:
    """`repr(value)`, cut to `limit` characters; never raises (a hostile __repr__ is a value too)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return _long_integer(value)  # no axis is that large; its digits would be cut, or refused (4300+)
    try:
        return repr(value)[:limit]
    except Exception:
        return f"<{type(value).__qualname__}>"


def _long_integer(value: int) -> str:
    """`an integer of 5001 digits`, for an integer too long to show."""
    magnitude = abs(value)
    digits = int(magnitude.bit_length() * 0.30102999566398120)  # times log10(2): the count, or one less
    if magnitude >= 10**digits:
        digits += 1
    return f"{'a negative' if value < 0 else 'an'} integer of {digits} digits"


def match_shape(spec: ShapeSpec, shape: tuple[Any, ...], scope: Scope, where: str = "") -> str:
    dims = spec.dims
    rank = len(shape)
    variadic = spec.variadic
    if variadic is None:
        if rank != len(dims):
            return (
                f"rank {rank}, expected {len(dims)} (shape {spec.text!r})"
                if dims
                else f"rank {rank}, expected a scalar"
            )
        pairs = list(zip(range(rank), dims, shape))
        middle: tuple[Any, ...] = ()
    else:
        after = len(dims) - variadic - 1
        if rank < len(dims) - 1:
            return f"rank {rank}, expected at least {len(dims) - 1} (shape {spec.text!r})"
        split = rank - after
        pairs = list(zip(range(variadic), dims[:variadic], shape[:variadic]))
        pairs += list(zip(range(split, rank), dims[variadic + 1 :], shape[split:]))
        middle = shape[variadic:split]

    bound = scope.dims
    new: dict[str, Any] = {}
    deferred = []
    for axis, dim, size in pairs:
        kind = dim.kind
        if kind == FIXED:
            if size != dim.size and not (dim.broadcast and size == 1):
                return f"axis {axis}: size {size}, expected {dim.size}"
        elif kind == NAMED:
            name = dim.name
            assert name is not None  # the grammar names every NAMED axis
            expected = new.get(name, bound.get(name))
            if isinstance(expected, tuple):
                return f"dim {name}: used as a single axis here, but it is bound to the axes {expected}"
            if expected is None:
                if not (dim.broadcast and size == 1):  # a broadcast 1 says nothing about the size
                    new[name] = size
            elif size != expected and not (dim.broadcast and size == 1):
                return f"dim {name}: {size} here, but {_origin(scope, name, new)} bound it to {expected}"
        elif kind == SYMBOLIC:
            deferred.append((axis, dim, size))
        # ANY: nothing to check

    if variadic is not None:
        vdim = dims[variadic]
        name = vdim.name
        if name is not None:
            middle = tuple(middle)
            expected = new.get(name, bound.get(name))
            if expected is None:
                new[name] = BroadcastAxes(middle) if vdim.broadcast else middle
            elif not isinstance(expected, tuple):
                return f"dim *{name}: used as variadic axes here, but it is bound to the single size {expected}"
            elif middle != expected or type(expected) is BroadcastAxes:
                merged = _merge_axes(middle, expected, vdim.broadcast)
                if merged is None:
                    return f"dims *{name}: {middle} here, but {_origin(scope, name, new)} bound them to {expected}"
                if isinstance(merged, str):
                    return (
                        f"dims *{name}: {middle} here, {merged} {tuple(expected)}, bound by {_origin(scope, name, new)}"
                    )
                if merged != expected or type(merged) is not type(expected):
                    new[name] = merged

    if deferred:
        lookup = {**bound, **new} if new else bound
        for axis, dim, size in deferred:
            reason = _check_symbolic(dim, size, axis, lookup, scope)
            if reason:
                return reason

    if new:
        origin = scope.origin
        for name, size in new.items():
            if name in bound:  # a `*#name` binding widened: remembered, so a failed union arm can undo it
                if scope.grown is None:
                    scope.grown = []
                scope.grown.append((name, bound[name], origin.get(name, "")))
            bound[name] = size
            origin[name] = where
    return ""


class BroadcastAxes(tuple):  # type: ignore[type-arg]
    """The sizes bound by a broadcast variadic axis (`*#b`): later arrays broadcast with them.

    `x: "*#b c", y: "*#b c"` accepts shapes (1,4,5) and (3,4,5) in either order, as numpy would
    combine them: the binding widens to (3,4). A plain `*b` later must be exactly the widened
    sizes, and from then on the binding is fixed (as in jaxtyping).
    """

    __slots__ = ()


def _broadcast(a: tuple[Any, ...], b: tuple[Any, ...]) -> Optional[tuple[Any, ...]]:
    """numpy's broadcasting of two shapes (aligned on the right), or None if they do not broadcast."""
    if len(a) < len(b):
        a, b = b, a
    out = list(a[: len(a) - len(b)])
    for x, y in zip(a[len(a) - len(b) :], b):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            return None
    return tuple(out)


def _merge_axes(got: tuple[Any, ...], bound: tuple[Any, ...], broadcast: bool) -> Any:
    """The binding after axes `got` meet the binding `bound`, or the words for why they cannot.

    A `*#b` binding (BroadcastAxes) widens to what both broadcast to; `*#b` meeting a fixed
    binding must broadcast to it; a plain `*b` must equal what it meets.
    """
    if type(bound) is BroadcastAxes:
        both = _broadcast(got, bound)
        if both is None:
            return "which does not broadcast with"
        if broadcast:
            return BroadcastAxes(both)
        if both != got:
            return "which is not what broadcasting gives with"
        return got
    if broadcast:
        if _broadcast(got, bound) != bound:
            return "which does not broadcast to"
        return bound
    return None


def _origin(scope: Scope, name: str, new: dict[str, Any]) -> str:
    if name in new:
        return "an earlier axis of this array"
    return scope.origin.get(name) or "an earlier check"


def _check_symbolic(dim: Dim, size: Any, axis: int, bound: dict[str, Any], scope: Scope) -> str:
    expr = dim.expr
    assert expr is not None
    values = bound
    if dim.arguments:
        values = dict(bound)
        for placeholder, path in dim.arguments:
            try:
                values[placeholder] = resolve_argument(scope, path, expr.text)
            except ArgumentValueError as err:  # the call passed a value that is no size: a type error of this call
                return f"axis {axis}: {err}"
    missing = [name for name in expr.names if name not in values]
    if missing:
        raise AnnotationError(
            f"dimension expression {expr.text!r} uses {', '.join(sorted(missing))}, which no earlier "
            "argument has bound; bind a name in an argument before using it in an expression"
        )
    try:
        expected = expr.evaluate(values)
    except AnnotationError:
        raise
    except Exception as err:
        with_values = _with_values(dim, values, bound)
        if isinstance(err, ArithmeticError):  # too large, a negative exponent, a division by zero
            return f"axis {axis}: {expr.text}{with_values}: {str(err)[:200]}"
        return f"axis {axis}: cannot evaluate {expr.text!r}{with_values}: {type(err).__name__}: {str(err)[:200]}"
    if isinstance(expected, bool):
        if expected:
            return ""
        return f"axis {axis}: condition {expr.text!r} is false"
    if size != expected and not (dim.broadcast and size == 1):
        from .expr import not_a_size  # loaded: this expression was parsed with it

        return (
            f"axis {axis}: size {size}, but {expr.text} = {safe_repr(expected)}{_with_values(dim, values, bound)}"
            + not_a_size(expected)
        )
    return ""


def _with_values(dim: Dim, values: dict[str, Any], bound: dict[str, Any]) -> str:
    """` (with n=3, size=4)`: the dims and arguments an expression read (not for `{size}` alone)."""
    expr = dim.expr
    assert expr is not None
    used = [f"{n}={values[n]}" for n in sorted(expr.names) if n in bound]
    paths = {".".join(path): placeholder for placeholder, path in dim.arguments}
    if expr.text.replace(" ", "") not in {f"{{{path}}}" for path in paths}:
        used += [f"{path}={safe_repr(values[placeholder])}" for path, placeholder in paths.items()]
    return f" (with {', '.join(used)})" if used else ""


def resolve_argument(scope: Scope, path: tuple[str, ...], text: str) -> Any:
    """Look up `{name}` / `{self.attr}` in the current call's arguments."""
    arguments = scope.arguments
    if arguments is None or path[0] not in arguments:
        if arguments is not None:
            why = "but it is not an argument of the checked function"
        elif scope.function:
            # A checked call keeps its arguments only when its own annotations read them: keeping
            # them for every call would cost every call.
            why = (
                f"but {scope.function} keeps no arguments for `isinstance` in its body; it keeps them "
                "when one of its own annotations refers to an argument in braces"
            )
        else:
            why = "but `isinstance` outside a checked function has no arguments to read"
        raise AnnotationError(f"dimension expression {text!r} refers to the argument {path[0]!r}, {why}")
    value = arguments[path[0]]
    for index, attribute in enumerate(path[1:], 1):
        try:
            value = getattr(value, attribute)
        except Exception as err:  # the argument passed has no such attribute (or it raises)
            owner = ".".join(path[:index])
            raise ArgumentValueError(
                f"{text} needs {'.'.join(path)}, but {owner} ({_safe_type(value)}) has no attribute "
                f"{attribute!r}" + ("" if isinstance(err, AttributeError) else f" ({type(err).__name__})")
            ) from None
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            # A flag is not a size, though it is an int to Python (and numpy < 2 gives its bool_ an __index__).
            if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", None) == "b":
                raise TypeError
            value = int(value.__index__())
        except Exception:
            raise ArgumentValueError(
                f"{text} needs {'.'.join(path)} to be an integer size, but it is {safe_repr(value)}"
            ) from None
    return value


class ArgumentValueError(Exception):
    """The value a `{name}` in a shape refers to is no size: reported as the call's type error."""


def _safe_type(value: Any) -> str:
    return type(value).__name__
