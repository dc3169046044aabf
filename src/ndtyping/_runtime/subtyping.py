"""Subtyping between array types: whether every array of one type is of another.

The machinery behind `is_super` and `in_same_class` (_relations.py). A dimension name is a
pattern variable that only has to be consistent within the one array, as with `isinstance`
outside `@check`. The answer is sound, not complete: where a spec is too expressive to decide
exactly (symbolic dimensions such as `n+1`, a variadic name reused as an axis name), U's
constraints are weakened and T's strengthened, so it errs towards False, never a wrong True.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from .dtypes import DTypeCategory
from .grammar import ANY, FIXED, NAMED, SYMBOLIC, Dim, ShapeSpec

__all__ = ["types_cover", "shape_covers", "same_category", "fixed_sizes"]


def types_cover(t_types: Optional[tuple[type, ...]], u_types: Optional[tuple[type, ...]]) -> bool:
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


def shape_covers(t: ShapeSpec, u: ShapeSpec) -> bool:
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
        return context.covers(
            list(zip(t_dims[:before], terms[:before])) + list(zip(t_dims[before + 1 :], terms[rank - after :]))
        )
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


def same_category(a: DTypeCategory, b: DTypeCategory) -> bool:
    return a.same_as(b)  # the same dtypes, regular expressions (AbstractDtype subclasses) included


def fixed_sizes(dim: Dim) -> Optional[frozenset[int]]:
    if dim.kind not in (FIXED, SYMBOLIC):
        return None
    term = _term(dim)
    return term.sizes() if isinstance(term, _Fixed) else None
