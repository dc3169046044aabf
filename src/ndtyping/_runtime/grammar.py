"""The shape-string grammar: `"batch *rest #c _ n-1 {size} rows=4 ?leaf ..."` to frozen specs.

A shape string is split on whitespace into axes. Each axis is, after its modifiers
(`*` variadic, `#` broadcastable, `_` unchecked, `?` per-PyTree-leaf, `doc=` documentation),
an integer, a name, or a symbolic expression. Parsing happens once per distinct string
(cached); malformed strings raise AnnotationError naming the string, the axis and the reason.
"""

from __future__ import annotations

import functools
import keyword
import re
from typing import TYPE_CHECKING, Optional

from .._errors import AnnotationError

if TYPE_CHECKING:
    from .expr import Expression

__all__ = ["Dim", "ShapeSpec", "parse_shape", "FIXED", "NAMED", "SYMBOLIC", "ANY", "VARIADIC"]

# Axis kinds. Plain ints keep the matcher's dispatch cheap.
FIXED = 0  # "3"
NAMED = 1  # "batch"
SYMBOLIC = 2  # "n-1", "{size}"
ANY = 3  # "_", "_name": one axis, not checked
VARIADIC = 4  # "*batch", "...", "*_": zero or more axes

_BRACED = re.compile(r"\{([^{}]*)\}")
_PATH = re.compile(r"[^\W\d]\w*(\.[^\W\d]\w*)*\Z")  # Unicode identifiers too (`{größe}`)
_ARGUMENT_PATH = re.compile(r"(?<![\w.])[^\W\d]\w*(\.[^\W\d]\w*)*")
_PLACEHOLDER = "ndtyping_arg{}_"
_OUTSIDE_PARENS = re.compile(r"\([^()]*\)")
_MAX_AXES = 64  # numpy's limit on the number of dimensions
_MAX_DIGITS = 20  # 2**64 has 20 digits; no axis is larger


class _Frozen:
    """Immutable value objects compared by their fields (plain classes: `dataclasses` costs
    milliseconds at `import ndtyping`)."""

    __slots__ = ()
    _compared: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is immutable")

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._compared)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined, no-any-return]

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), tuple(getattr(self, name) for name in self.__slots__))  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)  # type: ignore[attr-defined]
        return f"{type(self).__name__}({fields})"


class Dim(_Frozen):
    """One axis of a shape spec."""

    __slots__ = ("kind", "name", "size", "broadcast", "per_leaf", "expr", "arguments", "text")
    _compared = __slots__[:-1]  # the text is how the axis was written, not what it means

    kind: int
    name: Optional[str]  # NAMED, VARIADIC (None when anonymous), ANY (documentation)
    size: int  # FIXED
    broadcast: bool  # '#': the size may also be 1
    per_leaf: bool  # '?': the size may differ between PyTree leaves
    expr: Optional[Expression]  # SYMBOLIC
    # SYMBOLIC: placeholder name -> dotted path into the call's arguments ({self.n})
    arguments: tuple[tuple[str, tuple[str, ...]], ...]
    text: str  # the axis as written, for messages

    def __init__(
        self,
        kind: int,
        name: Optional[str] = None,
        size: int = -1,
        broadcast: bool = False,
        per_leaf: bool = False,
        expr: Optional[Expression] = None,
        arguments: tuple[tuple[str, tuple[str, ...]], ...] = (),
        text: str = "",
    ) -> None:
        init = object.__setattr__
        init(self, "kind", kind)
        init(self, "name", name)
        init(self, "size", size)
        init(self, "broadcast", broadcast)
        init(self, "per_leaf", per_leaf)
        init(self, "expr", expr)
        init(self, "arguments", arguments)
        init(self, "text", text)

    def replace(self, **changes: object) -> Dim:
        """A copy with some fields changed."""
        fields: dict[str, object] = {name: getattr(self, name) for name in self.__slots__}
        fields.update(changes)
        return Dim(**fields)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return self.text


class ShapeSpec(_Frozen):
    """A parsed shape: the axes, and where the variadic axis is (None when there is none)."""

    __slots__ = ("dims", "variadic", "text")
    _compared = __slots__

    dims: tuple[Dim, ...]
    variadic: Optional[int]
    text: str

    def __init__(self, dims: tuple[Dim, ...], variadic: Optional[int], text: str) -> None:
        init = object.__setattr__
        init(self, "dims", dims)
        init(self, "variadic", variadic)
        init(self, "text", text)

    @property
    def rank(self) -> int:
        """Number of non-variadic axes (the exact rank when there is no variadic)."""
        return len(self.dims) - (self.variadic is not None)

    def __str__(self) -> str:
        return self.text

    def __add__(self, other: ShapeSpec) -> ShapeSpec:
        """Concatenate (used by nested annotations, which prepend axes)."""
        return join_specs(self, other)


def join_specs(outer: ShapeSpec, inner: ShapeSpec) -> ShapeSpec:
    if outer.variadic is not None and inner.variadic is not None:
        raise AnnotationError(
            f"nesting shape {outer.text!r} around {inner.text!r} gives two variadic axes; an array may have at most one"
        )
    variadic = (
        outer.variadic
        if outer.variadic is not None
        else (None if inner.variadic is None else inner.variadic + len(outer.dims))
    )
    text = " ".join(t for t in (outer.text, inner.text) if t)
    return ShapeSpec(outer.dims + inner.dims, variadic, text)


SCALAR = ShapeSpec((), None, "")
ANY_SHAPE = ShapeSpec((Dim(VARIADIC, text="..."),), 0, "...")


@functools.lru_cache(maxsize=1024)
def parse_shape(text: str) -> ShapeSpec:
    """Parse a shape string, raising AnnotationError if it is malformed."""
    if not isinstance(text, str):
        raise AnnotationError(f'a shape must be a string such as "batch channels", not {type(text).__name__}')
    tokens = text.split()
    if len(tokens) > _MAX_AXES:
        raise AnnotationError(f"shape {text[:60]!r}... has {len(tokens)} axes; arrays have at most {_MAX_AXES}")
    dims = []
    variadic: Optional[int] = None
    for index, token in enumerate(tokens):
        try:
            dim = _parse_axis(token, "")
            if dim.kind == VARIADIC and variadic is not None:
                raise AnnotationError(
                    f"a second variadic axis (the first is {tokens[variadic]!r}); "
                    "use at most one of '...' or '*name' per array"
                )
        except AnnotationError as err:  # say where only on failure: building it per axis is quadratic
            raise AnnotationError(f"in shape {text!r}, axis {index + 1} {token!r}: {err}") from None
        if dim.kind == VARIADIC:
            variadic = index
        dims.append(dim)
    return ShapeSpec(tuple(dims), variadic, " ".join(tokens))


def normalise_name(name: str) -> str:
    """Names as Python's parser sees them (NFKC), so `ﬁ` in an axis and in `ﬁ+1` are one name."""
    if name.isascii():
        return name
    import unicodedata

    return unicodedata.normalize("NFKC", name)


def _parse_axis(token: str, where: str) -> Dim:
    if "," in _OUTSIDE_PARENS.sub("", token):  # commas inside min(a,b) are fine
        raise AnnotationError(f"{where}commas do not separate axes; separate them with spaces")
    if token in ("...", "*"):  # a bare '*' is jaxtyping's other spelling of '...'
        return Dim(VARIADIC, text=token)
    if token.count("{") != token.count("}") or _BRACED.sub("", token).count("{") or "}" in _BRACED.sub("", token):
        raise AnnotationError(f"{where}unbalanced braces")

    doc_name = None
    body = token
    # `name=` is documentation only: `rows=4` means `4`. `==` is a comparison, not a doc name.
    eq = body.find("=")
    if eq > 0 and body[eq - 1] not in "<>!=" and body[eq + 1 : eq + 2] != "=":
        doc_name, body = body[:eq], body[eq + 1 :]
        if not doc_name.lstrip("*#?_").isidentifier():
            raise AnnotationError(f"{where}{doc_name!r} before '=' must be a name (documentation only)")
        if not body:
            raise AnnotationError(f"{where}nothing after '='; write e.g. 'rows=4' or 'rows=n'")
        # Modifiers belong to the axis wherever they are written: `#foo=bar` is `foo=#bar`.
        marks = doc_name[: len(doc_name) - len(doc_name.lstrip("*#?"))]
        body = marks + body

    variadic = broadcast = per_leaf = unchecked = False
    seen = ""
    # Modifiers in any order; '_' (any number of them) marks the axis unchecked: "_", "_name", "*_".
    while body and body[0] in "*#?_":
        mark, body = body[0], body[1:]
        if mark == "_":
            unchecked = True
            continue
        if mark in seen:
            raise AnnotationError(f"{where}the modifier {mark!r} is repeated")
        seen += mark
        variadic |= mark == "*"
        broadcast |= mark == "#"
        per_leaf |= mark == "?"

    if not body and not unchecked:
        raise AnnotationError(f"{where}a modifier ({seen!r}) with no axis after it")
    if variadic:
        if unchecked:
            return Dim(VARIADIC, None, broadcast=broadcast, per_leaf=per_leaf, text=token)
        if not body.isidentifier():
            raise AnnotationError(f"{where}a variadic axis must be '*name', not an expression or a number")
        return Dim(VARIADIC, normalise_name(body), broadcast=broadcast, per_leaf=per_leaf, text=token)
    if unchecked:
        if body and not body.isidentifier():
            raise AnnotationError(f"{where}an unchecked axis is '_' or '_name'")
        return Dim(ANY, body or None, text=token)
    if body.isascii() and body.isdigit():
        if len(body) > _MAX_DIGITS:
            raise AnnotationError(f"{where}size {body[:10]}... is larger than any array axis")
        return Dim(FIXED, size=int(body), broadcast=broadcast, text=token)
    if body.isidentifier() and "{" not in body:
        return Dim(NAMED, normalise_name(body), broadcast=broadcast, per_leaf=per_leaf, text=token)
    if per_leaf:
        raise AnnotationError(f"{where}'?' applies to a named axis, not to an expression")
    return _parse_symbolic(body, token, broadcast, where)


def _parse_symbolic(body: str, token: str, broadcast: bool, where: str) -> Dim:
    # On first use: most shapes have no expression, and `import ndtyping` does not load expr.py.
    from .expr import Expression, SizeOverflow, parse_expression

    arguments: list[tuple[str, tuple[str, ...]]] = []

    def placeholder_for(path: str) -> str:
        # Any Python identifier (`{größe}`), compared as the parser compares names (NFKC).
        parts = tuple(normalise_name(part) for part in path.split("."))
        if any(part.startswith("_") for part in parts[1:]):
            raise AnnotationError(f"{where}{{{path}}} reaches a private or special attribute, which is not allowed")
        placeholder = _PLACEHOLDER.format(len(arguments))
        arguments.append((placeholder, parts))
        return placeholder

    def substitute(match: re.Match[str]) -> str:
        inside = match.group(1).strip()
        if _PATH.match(inside):
            return placeholder_for(inside)
        # An expression of arguments, `{dim-1}`: every name (or attribute path) in it is an
        # argument; a name called as a function (`min(...)`) or a Python keyword is not.
        if not inside:
            raise AnnotationError(f"{where}{{}} must name an argument or an attribute path such as {{self.size}}")

        def argument(name: re.Match[str]) -> str:
            path = name.group(0)
            if keyword.iskeyword(path) or inside[name.end() :].lstrip().startswith("("):
                return path
            return placeholder_for(path)

        return "(" + _ARGUMENT_PATH.sub(argument, inside) + ")"

    source = _BRACED.sub(substitute, body)
    try:
        float(source)
    except ValueError:
        pass
    else:
        raise AnnotationError(f"{where}{body!r} is not an integer size")
    try:
        expr = parse_expression(source, where=where)
    except AnnotationError as error:
        if not arguments:
            raise
        message = str(error)
        for placeholder, path in arguments:  # say it in the user's words, not the placeholders'
            message = message.replace(placeholder, ".".join(path))
        raise AnnotationError(message) from None
    if source != body:  # show the user's text, not the placeholders
        expr = Expression(body, expr.names, expr.evaluate)
    if not expr.names:  # a constant ("10**5000", "2*3"): what is wrong with it is wrong for every call
        try:
            value = expr.evaluate({})
        except SizeOverflow as err:
            raise AnnotationError(f"{where}the size {body!r} {err}") from None
        except ArithmeticError as err:  # a negative exponent, a division by zero
            raise AnnotationError(f"{where}the size {body!r} cannot be computed: {err}") from None
        if not isinstance(value, bool) and value < 0:
            raise AnnotationError(f"{where}the size {body!r} is {value}, and sizes are not negative")
    return Dim(SYMBOLIC, broadcast=broadcast, expr=expr, arguments=tuple(arguments), text=token)
