"""Shape rules of the functions that join arrays (concatenate, stack, hstack, vstack, column_stack,
append), shared by the numpy and jax overlay generators.

A join is checked by one overload per literal axis whose arrays all have one shape pattern, with a
type variable for every axis that must agree (the joined axis is `Any`: its sizes may differ).
pyright solves those variables from the first array and does not widen them for the next ones
(the shape is an invariant type parameter), so arrays whose kept axes differ match no pattern.
Measured with pyright 1.1.414: `[a, b]` with `a: (B, D1)` and `b: (B, D2)` against
`Sequence[ShapedArray[D, tuple[Any, *Rest]]]` fails, and so does `tuple[A, Any, *Rest]` with `A` a
plain type variable; a list built in a loop, a `Sequence[NDArray[...]]` and a tuple of arrays match.

Two things keep correct code accepted:
- a size typed `int` (numpy's own creation functions, `n: int` parameters) is an unknown size,
  not a clash: each pattern's element type is a union that first admits any array with an `int`
  size at one of its first four axes or its last one (`INT_SIZED`), which then constrains nothing;
- a computed `int` axis cannot be told from `0` by an overload, so it is never matched by the
  rejecting overload (which takes only literal axes) and falls through to the library's own.

What does not match a pattern (arrays of known shapes and one rank whose kept axes differ) meets
the rejecting overloads: a literal axis and arrays that are all shaped arrays of one rank (ranks
that differ fall through: a rank ndtyping inferred wrong upstream, e.g. `x[:, idx]` with an index
array, must not turn correct code into an error). Its result is a
type no use accepts (`ShapesDoNotConcatenate[...]`, `ShapesDoNotStack[...]`, which name the
arrays), so `return np.concatenate(...)` or any use of the result is an error that names the
shapes. Lists with anything else in them (Python lists, scalars) never meet it: they fall through
to the library's overloads. (It is not marked `@deprecated` to put the error on the call line: an
`Any` argument matches every overload, and pyright then reports a deprecated one among them, so
`jnp.concatenate(untyped)` would be flagged in strict mode: measured.)
"""

from __future__ import annotations

from collections.abc import Callable

# Literal axes, in the order overloads are tried (the cost of a call grows with those tried first).
JOIN_AXES = [0, -1, 1, -2, 2, -3, 3]
UNKNOWN = "_NdtAny"
ANY_TAIL = "_NdtUnpack[tuple[_NdtAny, ...]]"


def tup(items: list[str]) -> str:
    return f"tuple[{', '.join(items)}]" if items else "tuple[()]"


def int_sized(array: str, dtype: str) -> list[str]:
    """Arrays with an `int` size at axis 0, 1, 2, 3 or -1 (an unknown size: they constrain nothing)."""
    shapes = [[*([UNKNOWN] * position), "int", ANY_TAIL] for position in range(4)] + [[ANY_TAIL, "int"]]
    return [array.format(dtype=dtype, shape=tup(shape)) for shape in shapes]


def concat_shape(axis: int, prefix: list[str], suffix: list[str], rest: str) -> list[str]:
    """The shape every joined array has: the joined axis `Any`, the others type variables."""
    if axis >= 0:
        return [*prefix[:axis], UNKNOWN, rest]
    return [rest, UNKNOWN, *suffix[: -axis - 1][::-1]]


def stack_shapes(axis: int, prefix: list[str], suffix: list[str], rest: str) -> tuple[list[str], list[str]]:
    """(the shape every stacked array has, the result's shape with the new axis placed at `axis`)."""
    if axis >= 0:
        return [*prefix[:axis], rest], [*prefix[:axis], UNKNOWN, rest]
    after = suffix[: -axis - 1][::-1]
    return [rest, *after], [rest, UNKNOWN, *after]


def element(array: str, dtype: str, shape: list[str]) -> str:
    """A list element's type: an int-sized array (first, so that it binds no variable) or the pattern."""
    return " | ".join([*int_sized(array, dtype), array.format(dtype=dtype, shape=tup(shape))])


# Rank 5 or more: what an array of unknown shape (`tuple[Any, ...]`: a jax.Array, `Any`) matches
# first. A list of such arrays is joined by an overload before the patterns, with an unknown shape:
# matched gradually to a pattern, `jnp.concatenate([first[None], rest])` (a jax.Array and an Any)
# was given rank 2 (the pattern's axis and one `*Rest` axis).
UNKNOWN_RANK = "tuple[_NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]]"
ANY_SHAPE = "tuple[_NdtAny, ...]"


def unknown_rank(array: str, dtype: str) -> str:
    """The element type of a list of arrays of unknown rank."""
    return array.format(dtype=dtype, shape=UNKNOWN_RANK)


RANKED = [f"_NdtJoinedRank{rank}" for rank in range(1, 5)]


def rejecting(name: str, params: str, poison: str) -> list[str]:
    """The overloads a literal-axis join of same-rank shaped arrays meets when no pattern fits:
    `params` holds `{joined}` where the arrays' type variable goes (one overload per rank)."""
    return [f"@overload\ndef {name}({params.format(joined=var)}) -> {poison}[{var}]: ..." for var in RANKED]


def literal_axes() -> str:
    return "_NdtLiteral[" + ", ".join(str(axis) for axis in JOIN_AXES) + "]"


POISON_CLASSES = '''\
_NdtJoined = _NdtTypeVar("_NdtJoined", bound=_NdtArray[_NdtAny, _NdtAny])
# arrays of one rank (1..4): only these clash; arrays whose ranks differ fall through to the
# library's own overloads, since a rank ndtyping got wrong upstream would make correct code an error
_NdtJoinedRank1 = _NdtTypeVar("_NdtJoinedRank1", bound=_NdtArray[_NdtAny, tuple[_NdtAny]])
_NdtJoinedRank2 = _NdtTypeVar("_NdtJoinedRank2", bound=_NdtArray[_NdtAny, tuple[_NdtAny, _NdtAny]])
_NdtJoinedRank3 = _NdtTypeVar("_NdtJoinedRank3", bound=_NdtArray[_NdtAny, tuple[_NdtAny, _NdtAny, _NdtAny]])
_NdtJoinedRank4 = _NdtTypeVar("_NdtJoinedRank4", bound=_NdtArray[_NdtAny, tuple[_NdtAny, _NdtAny, _NdtAny, _NdtAny]])
class ShapesDoNotConcatenate(_NdtGeneric[_NdtJoined]):
    """The result of joining arrays (concatenate, hstack, vstack, column_stack, append) along a
    literal axis when their known shapes differ on another axis, or their ranks differ: no
    attribute, assignable to no array, so any use is an error naming the arrays."""
    __slots__ = ()
class ShapesDoNotStack(_NdtGeneric[_NdtJoined]):
    """The result of stacking arrays whose known shapes differ: any use is an error."""
    __slots__ = ()'''


Rules = list[tuple[str, str]]  # (the `tup` parameter's type, the result's shape)


def stacking_rules(array: Callable[[list[str]], str], shaped: str, a: str, rest: str) -> tuple[Rules, Rules, Rules]:
    """hstack's, vstack's and column_stack's rules, in the generator's own array type (`array(shape)`
    of dtype `_NdtD`; `shaped` the format of `element`). hstack: 1-D arrays joined end to end,
    others along axis 1; vstack: 1-D arrays become rows (mixed with 2-D ones), others joined along
    axis 0; column_stack: 1-D arrays become columns."""
    vector = element(shaped, "_NdtD", [a])
    hstack = [
        (f"_NdtSequence[{array(['_NdtAny'])}]", tup(["_NdtAny"])),
        (f"_NdtSequence[{element(shaped, '_NdtD', [a, '_NdtAny', rest])}]", tup([a, "_NdtAny", rest])),
    ]
    vstack = [
        (f"_NdtSequence[{vector} | {array(['_NdtAny', a])}]", tup(["_NdtAny", a])),
        (f"_NdtSequence[{element(shaped, '_NdtD', ['_NdtAny', rest])}]", tup(["_NdtAny", rest])),
    ]
    column = [
        (f"_NdtSequence[{vector} | {array([a, '_NdtAny'])}]", tup([a, "_NdtAny"])),
        (f"_NdtSequence[{element(shaped, '_NdtD', [a, '_NdtAny', rest])}]", tup([a, "_NdtAny", rest])),
    ]
    return hstack, vstack, column
