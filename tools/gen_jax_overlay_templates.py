"""Generate stubs/jax/overlay.stub: ndtyping's shape-aware jax.numpy and jax.nn overloads.

Run `python -m tools.gen_jax_overlay_templates` to rewrite the template, `--check` to fail when the
committed file is stale (the test suite does that). `ndtyping._static.overlay` inserts these overloads
ahead of jax's own definitions, in the stubs jax installed, when it builds the overlay (see that
module for the section format).

Why the results are `_NdtJaxArray[D, tuple[...]]` and not the `NDArray` protocol: pyright resolves
a call whose argument is `Any` (untyped jax code, `dict[str, Any]` pytrees) by keeping the widest
of the matching overloads' results. A protocol result is wider than `jax.Array` (every jax array
satisfies it), so ordinary code would lose `.at[]`, `.block_until_ready()` and assignability to
`jax.Array`. `_NdtJaxArray` subclasses `jax.Array` (which is what jax really returns) and carries
the dtype and shape, so it is assignable to `NDArray[D, *shape]`, and `Any` calls stay `Array`.

Functions whose overloads fix the rank (transpose, swapaxes, moveaxis, dot, matmul) start with a
guard for rank >= 5: a jax array of unknown shape (`tuple[Any, ...]`) matches it first, so its
result keeps an unknown rank instead of the first fixed-rank pattern's.

The pattern helpers are small and written here rather than imported from
gen_overlay_templates.py, so that the numpy generator can change without changing this output.
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path

from ndtyping._static import template_sections as header

from . import _join_rules as join_rules, _shape_rules as shape_rules
from ._generated import write_template
from ._readable import DOT_RULES, LETTERS, MATMUL_RULES, ONE, REST, dtype_given
from ._shape_rules import (
    WHERE_BRANCH_BROADCASTS,
    WHERE_LARGER_MASKS,
    WHERE_MASKS,
    Family,
    einsum_shapes,
    lenient_shape_pairs,
    linalg_overloads,
    named_tuple_classes,
)

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "stubs" / "jax" / "overlay.stub"

ANY_SHAPE = "tuple[_NdtAny, ...]"
# rank >= 5: what an array of unknown shape matches first (see the module docstring)
UNKNOWN_RANK = "tuple[_NdtA, _NdtB, _NdtC, _NdtE, _NdtF, _NdtUnpack[_NdtRest]]"
FLOAT = "_ndt_np.float32"  # jax's default float and int (without jax_enable_x64)
INT = "_ndt_np.int32"
SCALAR = "int | float"

TYPEVARS = """\
from typing import Any as _NdtAny, Generic as _NdtGeneric, Literal as _NdtLiteral, SupportsIndex as _NdtIndex
from builtins import bool as _NdtBool
from collections.abc import Sequence as _NdtSequence
from typing_extensions import Never as _NdtNever, TypeAlias as _NdtTypeAlias, TypeVar as _NdtTypeVar, TypeVarTuple as _NdtTypeVarTuple, Unpack as _NdtUnpack
import numpy as _ndt_np
# The rules' parameters: arrays as a class, `_Shaped` (NDArray and ShapedJaxArray derive from it with
# their dtype and shape; in the overlay jax's and numpy's arrays and scalars do too, of unknown dtype),
# which pyright checks by the bases where it compared the NDArray protocol's `__array__` for every
# member of every union argument; the ShapedArray protocol where a callable's parameter must take an
# NDArray function (lax.scan).
from ndtyping._surface.ndarray import _Shaped as _NdtArray, ShapedArray as _NdtArrayProtocol
from ndtyping._surface.ndarray import DimSize as _NdtDimSize  # a size from `x.shape` naming its dimension
_NdtD = _NdtTypeVar("_NdtD", bound=_ndt_np.generic)
_NdtD2 = _NdtTypeVar("_NdtD2", bound=_ndt_np.generic)
_NdtDInexact = _NdtTypeVar("_NdtDInexact", bound=_ndt_np.inexact[_NdtAny])
_NdtDOther = _NdtTypeVar("_NdtDOther", bound=_ndt_np.integer[_NdtAny] | _ndt_np.bool_)
_NdtDInteger = _NdtTypeVar("_NdtDInteger", bound=_ndt_np.integer[_NdtAny])
_NdtDNumber = _NdtTypeVar("_NdtDNumber", bound=_ndt_np.number[_NdtAny])
_NdtDFloat = _NdtTypeVar("_NdtDFloat", bound=_ndt_np.floating[_NdtAny])
_NdtDComplex = _NdtTypeVar("_NdtDComplex", bound=_ndt_np.complexfloating[_NdtAny, _NdtAny])
_NdtDRealOrBool = _NdtTypeVar("_NdtDRealOrBool", bound=_ndt_np.floating[_NdtAny] | _ndt_np.integer[_NdtAny] | _ndt_np.bool_)
# Defaults: an array of unknown shape leaves these unsolved; they must then read as Any.
_NdtA = _NdtTypeVar("_NdtA", default=_NdtAny)
_NdtB = _NdtTypeVar("_NdtB", default=_NdtAny)
_NdtC = _NdtTypeVar("_NdtC", default=_NdtAny)
_NdtE = _NdtTypeVar("_NdtE", default=_NdtAny)
_NdtF = _NdtTypeVar("_NdtF", default=_NdtAny)
_NdtRest = _NdtTypeVarTuple("_NdtRest", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtSh = _NdtTypeVar("_NdtSh", bound=tuple[_NdtAny, ...])
# A type variable standing for a whole shape tuple keeps its Literal sizes: zeros((2, 3)).
_NdtShape = _NdtTypeVar("_NdtShape", bound=tuple[int, ...])
_NdtLongShape = _NdtTypeVar("_NdtLongShape", bound=tuple[int, int, int, int, int, _NdtUnpack[tuple[int, ...]]])"""

# jax.numpy's (and jax.nn's) ArrayLike, which their fallbacks take
ARRAY_LIKE = "ArrayLike: _NdtTypeAlias = _NdtArray[_NdtAny, _NdtAny] | complex"

JAX_NUMPY_PREAMBLE = f"""\
{TYPEVARS}
_NdtCD = _NdtTypeVar("_NdtCD", bound=_ndt_np.generic, covariant=True, default=_NdtAny)
_NdtCSh = _NdtTypeVar("_NdtCSh", bound=tuple[_NdtAny, ...], default=tuple[_NdtAny, ...])

# a shape of one axis or more (jnp.where's branches against a mask of unknown shape)
_NdtShRanked = _NdtTypeVar("_NdtShRanked", bound=tuple[_NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]])

# NDArray is a protocol, not one of jax's ArrayLike types: let every jax.numpy function take it.
# (jax._src.typing's ArrayLike takes NDArray through a protocol instead: see typing_patch.) Two
# members: every array here is a `_NdtArray` (jax's, numpy's arrays and scalars, NDArray: see
# basearray_patch), and `complex` takes bool, int and float. A call nested in another's argument is
# tried against each member of a union parameter (docs/dev/pyright-performance.md, 12).
{ARRAY_LIKE}
# jax's own ArrayLike, which names jax's array class (see basearray_patch): the narrowed fallbacks of
# the functions whose shapes ndtyping checks take it, so an NDArray that fits none of their rules is an error
from jax._src.basearray import ArrayLike as _NdtStrictArrayLike

# literal sizes up to 128 (a bound whose cost is measured in docs/dev/pyright-performance.md)
_NdtSize = _NdtLiteral[{", ".join(str(n) for n in range(129))}]
_NdtS0 = _NdtTypeVar("_NdtS0", bound=_NdtSize)
_NdtS1 = _NdtTypeVar("_NdtS1", bound=_NdtSize)
_NdtS2 = _NdtTypeVar("_NdtS2", bound=_NdtSize)
_NdtS3 = _NdtTypeVar("_NdtS3", bound=_NdtSize)

# A jax.Array whose dtype and shape pyright knows (its methods keep the shape): ndtyping's own stub
from ndtyping._surface.jax_array import ShapedJaxArray as _NdtJaxArray

# A jax.Array that is no ndtyping array: its `at` is jax's own helper (ShapedJaxArray's and NDArray's
# are ndtyping's, which keep the shape; numpy arrays have none). The functions of PLAIN_JAX_FIRST give
# it jax's own Array back, as without ndtyping: typed NDArray[Any, ...], it broke invariant
# containers of plain code (a dict comprehension of `jnp.zeros_like(v)` was no `dict[str, jax.Array]`).
from typing import Protocol as _NdtPlainProtocol
from jax._src.basearray import Array as _NdtPlainResult, _IndexUpdateHelper as _NdtJaxIndexUpdateHelper
class _NdtPlainJaxArray(_NdtPlainProtocol):
    @property
    def at(self) -> _NdtJaxIndexUpdateHelper: ...
"""

PLAIN = "_NdtPlainJaxArray"
# what jax's own `where` is narrowed to: no jax array (a ShapedJaxArray is one, and its mask is checked)
# (`complex` takes bool, int and float: one union member where there were three, and pyright tries
# a nested call against each member of the parameter's union)
WHERE_OTHER = "_ndt_np.ndarray[_NdtAny, _NdtAny] | _ndt_np.generic | complex"
# jax's ArrayLike without ndtyping's arrays (NDArray, ShapedJaxArray), in one union: the first overload
# of a function that has shape rules, so that plain code's calls (`jax.typing.ArrayLike` arguments)
# match it whole instead of each member of each union against every rule. Numpy arrays of known shape
# are in it too: pyright cannot tell them from the others (`ndarray[tuple[Any, ...], ...]` takes them).
PLAIN_ARRAY_LIKE = f"{PLAIN} | {WHERE_OTHER}"


def plain_first(name: str, params: str) -> str:
    """The overload that comes before ndtyping's rules: plain arguments in (PLAIN_ARRAY_LIKE, or a
    plain jax.Array), jax's own Array out."""
    return overload(name, params, "_NdtPlainResult")


def jax_numpy_preamble() -> str:
    """The jax.numpy preamble: type variables, ArrayLike, and _NdtJaxArray (ndtyping's ShapedJaxArray,
    whose methods are the NDArray surface's: see tools/gen_ndarray_pyi.py)."""
    return JAX_NUMPY_PREAMBLE


JAX_NN_PREAMBLE = f"""\
{TYPEVARS}
from jax.numpy import _NdtJaxArray, _NdtS0
{ARRAY_LIKE}
"""


def tup(items: list[str]) -> str:
    return f"tuple[{', '.join(items)}]" if items else "tuple[()]"


def arr(dtype: str, shape: str) -> str:
    return f"_NdtArray[{dtype}, {shape}]"


def arr_protocol(dtype: str, shape: str) -> str:
    """An NDArray where a callable takes it (a function given to lax.scan): the protocol, which an
    NDArray parameter accepts (`arr`'s class is no NDArray)."""
    return f"_NdtArrayProtocol[{dtype}, {shape}]"


def res(dtype: str, shape: str) -> str:
    return f"_NdtJaxArray[{dtype}, {shape}]"


def overload(name: str, params: str, result: str) -> str:
    return f"@overload\ndef {name}({params}) -> {result}: ..."


def indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def axis_patterns() -> list[tuple[int, list[str], list[str], list[str]]]:
    """(axis, shape in, shape without the axis, shape with the axis as 1), axes 0..3 and -1..-4."""
    rows = []
    for axis in range(4):
        before, target = LETTERS[:axis], LETTERS[axis]
        rows.append((axis, [*before, target, REST], [*before, REST], [*before, ONE, REST]))
    for axis in range(1, 5):
        target, after = LETTERS[axis - 1], LETTERS[: axis - 1]
        rows.append((-axis, [REST, target, *after], [REST, *after], [REST, ONE, *after]))
    return rows


def permutations_of_axes(kind: str) -> list[tuple[int, int, list[str], list[str]]]:
    """(i, j, shape in, shape out) for swapaxes (swap i, j) or moveaxis (move i to j), ranks 2-4."""
    rows = []
    for rank in range(2, 5):
        shape = LETTERS[:rank]
        axes = list(range(rank)) + [-1, -2]
        for i in axes:
            for j in axes:
                ii, jj = i % rank, j % rank
                if ii == jj:
                    continue
                new = list(shape)
                if kind == "swap":
                    new[ii], new[jj] = new[jj], new[ii]
                else:
                    new.insert(jj, new.pop(ii))
                rows.append((i, j, shape, new))
    return rows


# name -> (params after `a, axis`, [(dtype in, dtype out)])
KEEP = "keepdims: {keep}"
# A table, one function a row: the formatter leaves it as written.
# fmt: off
REDUCTIONS = {
    "sum": (f"dtype: None = None, out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.integer[_NdtAny]")]),
    "prod": (f"dtype: None = None, out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.integer[_NdtAny]")]),
    "mean": (f"dtype: None = None, out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", FLOAT)]),
    "std": (f"dtype: None = None, out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", FLOAT)]),
    "var": (f"dtype: None = None, out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", FLOAT)]),
    "max": (f"out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtD", "_NdtD")]),
    "min": (f"out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtD", "_NdtD")]),
    "any": (f"out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtD", "_ndt_np.bool_")]),
    "all": (f"out: None = None, *, {KEEP}, **kwargs: _NdtAny", [("_NdtD", "_ndt_np.bool_")]),
    "argmax": (f"out: None = None, *, {KEEP}", [("_NdtD", INT)]),
    "argmin": (f"out: None = None, *, {KEEP}", [("_NdtD", INT)]),
}
# fmt: on


def reductions() -> list[str]:
    out = []
    for name, (rest, families) in REDUCTIONS.items():
        out.append(header.before("jax.numpy", name))
        for dtype_in, dtype_out in families:  # axis=None: a scalar (rank 0)
            params = f"a: {arr(dtype_in, '_NdtAny')}, axis: None = None, " + rest.format(
                keep="_NdtLiteral[False] = False"
            )
            out.append(overload(name, params, res(dtype_out, "tuple[()]")))
        for axis, shape_in, shape_drop, shape_keep in axis_patterns():
            for dtype_in, dtype_out in families:
                for keep, shape_out in (("_NdtLiteral[False] = False", shape_drop), ("_NdtLiteral[True]", shape_keep)):
                    params = f"a: {arr(dtype_in, tup(shape_in))}, axis: _NdtLiteral[{axis}], " + rest.format(keep=keep)
                    out.append(overload(name, params, res(dtype_out, tup(shape_out))))
        if name in ("argmax", "argmin"):
            continue  # one axis only
        for axes, shape_in, shape_drop, shape_keep in tuple_axis_patterns():
            for dtype_in, dtype_out in families:
                for keep, shape_out in (("_NdtLiteral[False] = False", shape_drop), ("_NdtLiteral[True]", shape_keep)):
                    params = f"a: {arr(dtype_in, tup(shape_in))}, axis: {axes}, " + rest.format(keep=keep)
                    out.append(overload(name, params, res(dtype_out, tup(shape_out))))
    return out


# Tuples of axes, sorted: the runs of neighbouring axes (spatial axes, the last two), either end,
# and the batch-with-spatial axes of channels-first data ((0, 2, 3): NCHW batch statistics).
# Every subset of 0..3 and -1..-4 doubled the stub's size (pyright parses it in every jax program).
TUPLE_AXES = {
    2: [(0, 1), (1, 2), (2, 3), (0, 2), (-2, -1), (-3, -2), (-4, -3)],
    3: [(0, 1, 2), (1, 2, 3), (0, 2, 3), (-3, -2, -1), (-4, -3, -2)],
}


def tuple_axis_patterns() -> list[tuple[str, list[str], list[str], list[str]]]:
    """(axes tuple type, shape in, shape without the axes, shape with the axes as 1) for the tuples
    of axes code reduces over (TUPLE_AXES): those counted from the front keep `*Rest` behind, those
    from the back before."""
    rows = []
    for size in (2, 3):
        for axes in TUPLE_AXES[size]:
            if min(axes) < 0:
                continue
            shape = LETTERS[: max(axes) + 1]
            drop = [d for n, d in enumerate(shape) if n not in axes]
            keep = [ONE if n in axes else d for n, d in enumerate(shape)]
            literal = tup([f"_NdtLiteral[{a}]" for a in axes])
            rows.append((literal, [*shape, REST], [*drop, REST], [*keep, REST]))
        for axes in TUPLE_AXES[size]:
            if max(axes) >= 0:
                continue
            shape = LETTERS[: -min(axes)][::-1]  # shape[n] is axis n - len(shape)
            drop = [d for n, d in enumerate(shape) if n - len(shape) not in axes]
            keep = [ONE if n - len(shape) in axes else d for n, d in enumerate(shape)]
            literal = tup([f"_NdtLiteral[{a}]" for a in axes])
            rows.append((literal, [REST, *shape], [REST, *drop], [REST, *keep]))
    return rows


def guard(name: str, params: str) -> str:
    """An array of unknown shape keeps an unknown shape (see the module docstring)."""
    return overload(name, f"a: {arr('_NdtD', UNKNOWN_RANK)}, {params}", res("_NdtD", ANY_SHAPE))


def layout() -> list[str]:
    out = [header.before("jax.numpy", "transpose"), guard("transpose", "axes: _NdtSequence[int] | None = None")]
    for rank in range(1, 5):
        shape = LETTERS[:rank]
        out.append(
            overload("transpose", f"a: {arr('_NdtD', tup(shape))}, axes: None = None", res("_NdtD", tup(shape[::-1])))
        )
    for rank in (3, 2, 4):  # an axes tuple: every permutation
        shape = LETTERS[:rank]
        for axes in permutations(range(rank)):
            axes_type = tup([f"_NdtLiteral[{axis}]" for axis in axes])
            out.append(
                overload(
                    "transpose",
                    f"a: {arr('_NdtD', tup(shape))}, axes: {axes_type}",
                    res("_NdtD", tup([shape[axis] for axis in axes])),
                )
            )
    out += [header.before("jax.numpy", "swapaxes"), guard("swapaxes", "axis1: int, axis2: int")]
    for i, j, shape_in, shape_out in permutations_of_axes("swap"):
        params = f"a: {arr('_NdtD', tup(shape_in))}, axis1: _NdtLiteral[{i}], axis2: _NdtLiteral[{j}]"
        out.append(overload("swapaxes", params, res("_NdtD", tup(shape_out))))
    out += [header.before("jax.numpy", "moveaxis"), guard("moveaxis", "source: int, destination: int")]
    for i, j, shape_in, shape_out in permutations_of_axes("move"):
        params = f"a: {arr('_NdtD', tup(shape_in))}, source: _NdtLiteral[{i}], destination: _NdtLiteral[{j}]"
        out.append(overload("moveaxis", params, res("_NdtD", tup(shape_out))))
    out.append(header.before("jax.numpy", "squeeze"))
    for axis, shape_in, shape_drop, _ in axis_patterns():
        out.append(
            overload(
                "squeeze", f"a: {arr('_NdtD', tup(shape_in))}, axis: _NdtLiteral[{axis}]", res("_NdtD", tup(shape_drop))
            )
        )
    out.append(header.before("jax.numpy", "expand_dims"))
    for axis, _, shape_in, shape_out in axis_patterns():
        out.append(
            overload(
                "expand_dims",
                f"a: {arr('_NdtD', tup(shape_in))}, axis: _NdtLiteral[{axis}]",
                res("_NdtD", tup(shape_out)),
            )
        )
    out.append(header.before("jax.numpy", "reshape"))
    for rank in range(1, 5):  # literal sizes, kept (a Literal-bounded type variable per size)
        sizes = [f"_NdtS{n}" for n in range(rank)]
        out.append(
            overload(
                "reshape",
                f"a: {arr('_NdtD', '_NdtAny')}, shape: {tup(sizes)}, order: str = 'C'",
                res("_NdtD", tup(sizes)),
            )
        )
    # a -1 entry is computed by jax: the rank is known, the sizes are not
    for rank in range(1, 5):
        for position in range(rank):
            shape = ["int"] * rank
            shape[position] = "_NdtLiteral[-1]"
            params = f"a: {arr('_NdtD', '_NdtAny')}, shape: {tup(shape)}, order: str = 'C'"
            out.append(overload("reshape", params, res("_NdtD", tup(["_NdtAny"] * rank))))
    # computed sizes (int) are unknown (Any), not int; literal sizes come first and are kept
    for rank in range(1, 7):
        params = f"a: {arr('_NdtD', '_NdtAny')}, shape: {tup(['int'] * rank)}, order: str = 'C'"
        out.append(overload("reshape", params, res("_NdtD", tup(["_NdtAny"] * rank))))
    out.append(
        overload(
            "reshape", f"a: {arr('_NdtD', '_NdtAny')}, shape: _NdtShape, order: str = 'C'", res("_NdtD", "_NdtShape")
        )
    )
    return out


def products() -> list[str]:
    """matmul and dot: every rank of vector and matrix products (MATMUL_RULES, DOT_RULES)."""
    a = LETTERS[0]
    out = []
    for name in ("matmul", "dot"):
        out.append(header.before("jax.numpy", name))
        # An argument typed Any (unannotated code) meets every overload below, and pyright makes the
        # call Unknown when their results differ, unless the first it meets holds them all: jax's
        # Array, as without ndtyping (a Never parameter, which only Any meets). Unknown spread to
        # every later call, each of which then weighed all of its overloads too.
        keywords = "*, precision: _NdtAny = None, preferred_element_type: _NdtAny = None"
        out.append(overload(name, f"a: _NdtNever, b: _NdtAny, {keywords}", "Array"))
        out.append(overload(name, f"a: _NdtAny, b: _NdtNever, {keywords}", "Array"))
        out.append(
            overload(
                name,
                f"a: {arr('_NdtD', UNKNOWN_RANK)}, b: {arr('_NdtAny', '_NdtAny')}, *, precision: _NdtAny = None, preferred_element_type: None = None",
                res("_NdtD", ANY_SHAPE),
            )
        )
        out.append(
            overload(
                name,
                f"a: {arr('_NdtD', '_NdtAny')}, b: {arr('_NdtAny', UNKNOWN_RANK)}, *, precision: _NdtAny = None, preferred_element_type: None = None",
                res("_NdtD", ANY_SHAPE),
            )
        )
        # every rank written once with `Rest`, since an untyped argument meets every rule
        # (docs/dev/pyright-performance.md, 17)
        for left, right, result in MATMUL_RULES if name == "matmul" else DOT_RULES:
            params = f"a: {arr('_NdtD', tup(left))}, b: {arr('_NdtD', tup(right))}, *, precision: _NdtAny = None, preferred_element_type: None = None"
            out.append(overload(name, params, res("_NdtD", tup(result))))
        # dot with a 3-d or larger second array (a sum over its second-to-last axis): jax's result.
        # (In the same overload as the other cases: an overload of its own made calls with an
        # `Any` argument Unknown rather than Array.)
        big = (
            arr("_NdtAny", "tuple[_NdtAny, _NdtAny, _NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]]") if name == "dot" else ""
        )
        out += strict_tail(name, "precision: _NdtAny = None, preferred_element_type: _NdtAny = None", big)
        out.append(header.narrow("jax.numpy", name, "ArrayLike", "_NdtStrictArrayLike"))
    out.append(header.before("jax.numpy", "vecdot"))
    vector = arr("_NdtD", tup([REST, a]))
    out.append(
        overload(
            "vecdot",
            f"x1: {vector}, x2: {vector}, /, *, axis: _NdtLiteral[-1] = -1, precision: _NdtAny = None, preferred_element_type: None = None",
            res("_NdtD", tup([REST])),
        )
    )
    return out


def strict_tail(name: str, keywords: str, also_b: str = "") -> list[str]:
    """Between ndtyping's patterns and jax's own definition, whose `ArrayLike` is narrowed to jax's
    (`## jax.numpy: narrow`): two ndtyping arrays that fit no pattern are then an error (a shape
    mismatch), while a numpy array or a scalar on one side, or a `preferred_element_type`, still
    get jax's result."""
    other = WHERE_OTHER
    array = arr("_NdtAny", "_NdtAny")
    return [
        overload(name, f"a: {array}, b: {other}{' | ' + also_b if also_b else ''}, *, {keywords}", "Array"),
        overload(name, f"a: {other}, b: {array}, *, {keywords}", "Array"),
        overload(
            name, f"a: {array}, b: {array}, *, precision: _NdtAny = None, preferred_element_type: _NdtAny", "Array"
        ),
    ]


# elementwise: (function, families [(dtype in, dtype out)])
# Result dtypes as jax computes them (measured on float32, float16, int32, int8, uint8, bool):
# integers and bool give float32 in the transcendental functions; floor and ceil keep any dtype;
# negative, square and sign keep a number's dtype (bool: an error, or int32 for square);
# abs of complex64 is float32.
FLOAT_RESULT = [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", FLOAT)]
SAME_DTYPE = [("_NdtD", "_NdtD")]
SAME_NUMBER = [("_NdtDNumber", "_NdtDNumber")]
ABSOLUTE = [("_NdtDRealOrBool", "_NdtDRealOrBool"), ("_ndt_np.complex64", FLOAT)]
UNARY = {
    **dict.fromkeys(["exp", "log", "sin", "cos", "tan", "tanh", "sqrt", "log1p", "expm1"], FLOAT_RESULT),
    **dict.fromkeys(["floor", "ceil"], SAME_DTYPE),
    **dict.fromkeys(["negative", "square", "sign"], SAME_NUMBER),
    **dict.fromkeys(["abs", "absolute"], ABSOLUTE),
}
BINARY_UFUNCS = ["add", "subtract", "multiply", "maximum", "minimum"]  # `add: BinaryUfunc` objects
# plain functions in jax's stub: (integer family, its result); bool arrays count as integers only
# where the result is a float (divide): bool + 2 is int32
BINARY_FUNCTIONS = {"divide": ("_NdtDOther", FLOAT), "power": ("_NdtDInteger", "_NdtDInteger")}


def binary_overloads(name: str, self_param: str, integers: str, integer_result: str) -> list[str]:
    """Per dtype family: one overload for an array with the same shape, a vector along the last axis
    or a Python scalar (a union in `y`: pyright re-evaluates a nested argument for every overload
    it tries, docs/dev/pyright-performance.md section 6), one with the scalar first, and last the
    same shape again for 0-d arrays, which the first pattern (at least one axis) leaves out. Before
    them, arguments none of which is an ndtyping array (PLAIN_ARRAY_LIKE): jax's own Array."""
    a = LETTERS[0]
    families = (("_NdtDInexact", SCALAR, "_NdtDInexact"), (integers, "int", integer_result))
    out = [
        plain_first(name, f"{self_param}x: {PLAIN_ARRAY_LIKE}, y: {PLAIN_ARRAY_LIKE}, /"),
        # an `Any` argument (only `Any` meets `Never`): jax's Array, which holds every result below.
        # pyright tries every overload for it and makes the call Unknown unless the first it meets
        # holds them all; with the strict tail the fallback (Array) no longer took it.
        overload(name, f"{self_param}x: _NdtNever, y: _NdtAny, /", "Array"),
        overload(name, f"{self_param}x: _NdtAny, y: _NdtNever, /", "Array"),
    ]
    for dtype, scalar, result_dtype in families:
        # a size-1 last axis in x meeting y's size (`jnp.maximum(p1, pa)`, (P, 1) and (P, Any)): the
        # common pattern below solves that axis from x first and gave x's 1
        column, matrix = arr(dtype, tup([REST, ONE])), arr(dtype, tup([REST, a]))
        out.append(overload(name, f"{self_param}x: {column}, y: {matrix}, /", res(result_dtype, tup([REST, a]))))
        matrix, vector = arr(dtype, tup([REST, a])), arr(dtype, tup([a]))
        params = f"{self_param}x: {matrix}, y: {matrix} | {vector} | {scalar}, /"
        out.append(overload(name, params, res(result_dtype, tup([REST, a]))))
    for dtype, scalar, result_dtype in families:
        out.append(
            overload(name, f"{self_param}x: {scalar}, y: {arr(dtype, '_NdtSh')}, /", res(result_dtype, "_NdtSh"))
        )
    for dtype, _, result_dtype in families:
        same = arr(dtype, "_NdtSh")
        out.append(overload(name, f"{self_param}x: {same}, y: {same}, /", res(result_dtype, "_NdtSh")))
    return out + strict_binary_tail(name, self_param)


def strict_binary_tail(name: str, self_param: str) -> list[str]:
    """What stands between a binary function's rules and jax's own definition, whose `ArrayLike` is
    narrowed to jax's (`## jax.numpy: narrow`): every call jax took that is not two ndtyping arrays
    of one rank whose shapes clash (`jnp.add(x, y.T)` of (H, W) and (W, H) is an error).

    - an ndtyping array with a numpy array or a scalar (either side): jax's Array;
    - two ndtyping arrays of the same shape, any dtypes (the rules above are per dtype family);
    - two of different ranks (0-4), or of unknown rank (matched gradually), or of one rank with a
      size-1 axis anywhere (`(N, 1)` with `(1, M)`): jax broadcasts more forms than the rules
      above, so an unknown shape, never an error.
    """
    any_array = arr("_NdtAny", "_NdtAny")
    unknown = res("_NdtAny", ANY_SHAPE)
    out = [
        overload(name, f"{self_param}x: {WHERE_OTHER}, y: {any_array}, /", "Array"),
        overload(
            name,
            f"{self_param}x: {arr('_NdtAny', '_NdtSh')}, y: {arr('_NdtAny', '_NdtSh')}, /",
            res("_NdtAny", "_NdtSh"),
        ),
    ]
    for x, y in lenient_shape_pairs("_NdtAny", ONE):
        out.append(overload(name, f"{self_param}x: {arr('_NdtAny', tup(x))}, y: {arr('_NdtAny', tup(y))}, /", unknown))
    # last: pyright reports a clash against the last overload that failed on the second argument
    out.append(overload(name, f"{self_param}x: {any_array}, y: {WHERE_OTHER}, /", "Array"))
    return out


def elementwise() -> list[str]:
    out = []
    for name, families in UNARY.items():
        out.append(header.before("jax.numpy", name))
        out.append(plain_first(name, f"x: {PLAIN_ARRAY_LIKE}, /"))
        for dtype_in, dtype_out in families:
            out.append(overload(name, f"x: {arr(dtype_in, '_NdtSh')}, /", res(dtype_out, "_NdtSh")))
    for name, (integers, integer_result) in BINARY_FUNCTIONS.items():
        out.append(header.before("jax.numpy", name))
        out += binary_overloads(name, "", integers, integer_result)
        out.append(header.narrow("jax.numpy", name, "ArrayLike", "_NdtStrictArrayLike"))
    out.append(header.extend("jax.numpy", "BinaryUfunc", "_NdtBinaryUfunc"))
    out.append("class _NdtBinaryUfunc(BinaryUfunc, Protocol):")
    out += [indent(text) for text in binary_overloads("__call__", "self, ", "_NdtDInteger", "_NdtDInteger")]
    out.append(header.narrow("jax.numpy", "_NdtBinaryUfunc", "ArrayLike", "_NdtStrictArrayLike"))
    out += [header.retype("jax.numpy", name, "_NdtBinaryUfunc") for name in BINARY_UFUNCS]
    out += where()
    out.append(header.before("jax.numpy", "clip"))
    bound = f"{SCALAR} | None"
    out.append(plain_first("clip", f"x: {PLAIN_ARRAY_LIKE}, /, min: {bound} = None, max: {bound} = None"))
    out.append(
        overload(
            "clip", f"x: {arr('_NdtD', '_NdtSh')}, /, min: {bound} = None, max: {bound} = None", res("_NdtD", "_NdtSh")
        )
    )
    return out


# a mask of unknown rank (rank 5 or more: `tuple[Any, ...]`, a jax.Array, matches it first)
UNKNOWN_RANK_MASK = "tuple[_NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]]"


def where() -> list[str]:
    """jnp.where(mask, x, y): the result has x's shape (or y's); an ndtyping mask (an NDArray, a jax
    result of known shape) must broadcast against it (WHERE_MASKS in tools/_shape_rules.py), or the
    call is an error: jax's own `where` is narrowed to arguments that are not jax or ndtyping arrays,
    and the overloads here take every other case (a numpy or Python mask, a jax.Array of unknown
    shape, branches that are not ndtyping arrays)."""
    # First, arguments none of which is an ndtyping array (jax's ArrayLike, as plain jax code types
    # them): jax's own Array, in one overload. Without it pyright tried each member of each union
    # argument against every overload below, and `jnp.where(c, a, b)` of three
    # `jax.typing.ArrayLike`s was an error (too many combinations) after 0.4 s.
    # Then a branch typed Any beside an ndtyping array (a dict pytree's value, unannotated code): it
    # meets every overload below, whose results differ, and pyright makes the call Unknown unless the
    # first it meets holds them all: a Never branch, which only Any meets, gives jax's Array (an
    # array of unknown shape and dtype), as without ndtyping. (ShapedJaxArray[Any, tuple[Any, ...]]
    # holds Any, so it subsumed nothing, and `jnp.where(c, x, y)` of untyped x and y was Unknown.)
    out = [
        header.before("jax.numpy", "where"),
        plain_first("where", f"condition: {PLAIN_ARRAY_LIKE}, x: {PLAIN_ARRAY_LIKE}, y: {PLAIN_ARRAY_LIKE}, /"),
        overload("where", "condition: _NdtAny, x: _NdtNever, y: _NdtAny, /", "Array"),
        overload("where", "condition: _NdtAny, x: _NdtAny, y: _NdtNever, /", "Array"),
    ]
    # A Python complex is a branch too: jax's ArrayLike holds it, and pyright tries each member of
    # a union argument (`y: jax.typing.ArrayLike`) on its own, so without it real code is an error.
    # (The result keeps the array's dtype: a complex scalar would promote it, which is not tracked.)
    # `complex` takes bool, int and float; a numpy scalar is a 0-d `_NdtArray` (the overlay gives
    # numpy's scalars that base). Few members: a call nested in a branch is tried against each.
    python_scalar = "complex"
    scalar = f"{python_scalar} | _NdtArray[_NdtD, tuple[()]]"

    def branches(mask: str, shape: str, result: str) -> list[str]:
        # x and y of one shape (y a union with the scalars: one overload fewer to try), or x a scalar
        branch = arr("_NdtD", shape)
        return [
            overload("where", f"condition: {mask}, x: {branch}, y: {branch} | {scalar}, /", res("_NdtD", result)),
            overload("where", f"condition: {mask}, x: {scalar}, y: {branch}, /", res("_NdtD", result)),
        ]

    # a numpy or Python mask, or an ndtyping mask of unknown rank: x's shape (the mask's shape does
    # not solve the result's), if x (or y) has an axis. Two 0-d branches (numpy scalars) take the
    # mask's shape, which is unknown here: jax's fallback below (x's `()` made
    # `jnp.where(m, np.float32(1), 0.0).shape[0]` an error for a jax.Array mask `m`).
    unknown_mask = f"{WHERE_OTHER} | {arr('_NdtAny', UNKNOWN_RANK_MASK)}"
    out += branches(unknown_mask, "_NdtShRanked", "_NdtShRanked")
    zero_d = arr("_NdtAny", "tuple[()]")
    out.append(overload("where", f"condition: {unknown_mask}, x: {zero_d}, y: {zero_d} | {python_scalar}, /", "Array"))
    out.append(overload("where", f"condition: {unknown_mask}, x: {python_scalar}, y: {zero_d}, /", "Array"))
    # a 0-d ndtyping mask: x's shape, then the shapes that broadcast
    out += branches(arr("_NdtAny", "tuple[()]"), "_NdtSh", "_NdtSh")
    names = dict(zip("abcd", LETTERS))
    for mask, branch, result in WHERE_MASKS:
        mask_type = arr("_NdtAny", shape_rules.render(mask, names, REST))
        out += branches(mask_type, shape_rules.render(branch, names, REST), shape_rules.render(result, names, REST))
    out += branches(arr("_NdtAny", "_NdtSh"), "_NdtSh", "_NdtSh")
    for mask, branch in WHERE_LARGER_MASKS:
        mask_type = arr("_NdtAny", shape_rules.render(mask, names, REST))
        out += branches(mask_type, shape_rules.render(branch, names, REST), ANY_SHAPE)
    # branches of different shapes that broadcast (`jnp.where(x > 0, x, x.mean(axis=0))`): unknown shape
    for first, second in WHERE_BRANCH_BROADCASTS:
        for x, y in ((first, second), (second, first)):
            x_type, y_type = (arr("_NdtD", shape_rules.render(b, names, REST)) for b in (x, y))
            params = f"condition: {arr('_NdtAny', '_NdtAny')}, x: {x_type}, y: {y_type}, /"
            out.append(overload("where", params, res("_NdtD", ANY_SHAPE)))
    # Python scalars on both sides: the mask's shape, jax's dtype for them (weakly typed: float32, int32)
    for scalar_type, dtype in (("_NdtBool", "_ndt_np.bool_"), ("int", INT), ("float", FLOAT)):
        params = f"condition: {arr('_NdtAny', '_NdtSh')}, x: {scalar_type}, y: {scalar_type}, /"
        out.append(overload("where", params, res(dtype, "_NdtSh")))
    # what jax's own overload took and the rules above do not check: a numpy or Python mask with any
    # branches; an ndtyping mask with branches none of which is a jax or ndtyping array; the
    # one-argument form (jax's indices)
    out.append(overload("where", f"condition: {WHERE_OTHER}, x: ArrayLike, y: ArrayLike, /", "Array"))
    out.append(overload("where", f"condition: ArrayLike, x: {WHERE_OTHER}, y: {WHERE_OTHER}, /", "Array"))
    out.append(
        overload(
            "where",
            "condition: ArrayLike, /, *, size: int | None = None, fill_value: _NdtAny = None",
            "tuple[Array, ...]",
        )
    )
    out.append(header.narrow("jax.numpy", "where", "ArrayLike", "_NdtWhereOther"))
    out.append(header.preamble("jax.numpy"))
    out.append(f"_NdtWhereOther: _NdtTypeAlias = {WHERE_OTHER}")
    return out


# Functions that keep the shape of their array (along an integer axis, or over the whole array):
# name -> [(parameters after the array, dtype in, dtype out, result shape)]. `_NdtSh` is the
# array's shape; "(Any,)" a flattened result (axis=None). jax's dtypes, measured: rounding keeps
# the dtype; cumulative sums of integers or bools give int32 (numpy would give int64); argsort int32.
SORT_KW = "*, stable: _NdtBool = True, descending: _NdtBool = False, kind: str | None = None, order: None = None"
FLAT = "tuple[_NdtAny]"
KEEP_SHAPE = {
    "round": [("decimals: int = 0, out: None = None", "_NdtD", "_NdtD", "_NdtSh")],
    "around": [("decimals: int = 0, out: None = None", "_NdtD", "_NdtD", "_NdtSh")],
    "rint": [("/", "_NdtDInexact", "_NdtDInexact", "_NdtSh")],
    "flip": [("axis: int | _NdtSequence[int] | None = None", "_NdtD", "_NdtD", "_NdtSh")],
    "tril": [("k: int = 0", "_NdtD", "_NdtD", "_NdtSh")],
    "triu": [("k: int = 0", "_NdtD", "_NdtD", "_NdtSh")],
    "sort": [(f"axis: int = -1, {SORT_KW}", "_NdtD", "_NdtD", "_NdtSh"),
             (f"axis: None, {SORT_KW}", "_NdtD", "_NdtD", FLAT)],
    "argsort": [(f"axis: int = -1, {SORT_KW}, dtype: None = None", "_NdtD", INT, "_NdtSh"),
                (f"axis: None, {SORT_KW}, dtype: None = None", "_NdtD", INT, FLAT)],
    # jax accumulates in the input's dtype (int8 stays int8), a bool in its default int
    **{name: [(f"axis: {axis}, dtype: None = None, out: None = None", dtype_in, dtype_out, shape)
              for axis, shape in (("int", "_NdtSh"), ("None = None", FLAT))
              for dtype_in, dtype_out in (("_NdtDInexact", "_NdtDInexact"), ("_NdtDInteger", "_NdtDInteger"),
                                          ("_NdtDOther", INT))]
       for name in ("cumsum", "cumprod")},
}  # fmt: skip


def keep_shape() -> list[str]:
    out = []
    for name, rows in KEEP_SHAPE.items():
        out.append(header.before("jax.numpy", name))
        for params, dtype_in, dtype_out, shape in rows:
            first = "m" if name in ("flip", "tril", "triu") else "x" if name == "rint" else "a"
            out.append(overload(name, f"{first}: {arr(dtype_in, '_NdtSh')}, {params}", res(dtype_out, shape)))
    # bincount: counts (int32) or summed weights, of a length only the call knows
    out.append(header.before("jax.numpy", "bincount"))
    tail = "minlength: int = 0, *, length: int | None = None, out_sharding: _NdtAny = None"
    integers = arr("_ndt_np.integer[_NdtAny] | _ndt_np.bool_", "tuple[_NdtAny]")
    out.append(overload("bincount", f"x: {integers}, weights: None = None, {tail}", res(INT, FLAT)))
    out.append(
        overload(
            "bincount", f"x: {integers}, weights: {arr('_NdtDInexact', '_NdtAny')}, {tail}", res("_NdtDInexact", FLAT)
        )
    )
    return out


SIZES = ["_NdtS0", "_NdtS1", "_NdtS2", "_NdtS3"]


def shapes() -> list[tuple[str, str]]:
    """(shape parameter, result shape) of a creation function: literal sizes stay literal (ranks 1
    to 4, the likely ones first), a computed size is unknown (Any), never `int`, which could not
    meet a named dimension (issue 15: `jnp.zeros((rank, d_out))` returned as `(Rank, Out)`). An
    `Any` size (from `x.shape` of unbounded dimensions) solves a literal overload's size to Any."""
    # `shape` typed Any (`jnp.zeros(x.shape[1])` of an unbounded dimension) first: only Any meets a
    # Never parameter. An Any argument matches every overload below, and pyright makes the call's
    # result Unknown when their results differ, unless one that comes first holds them all.
    rows = [("_NdtNever", ANY_SHAPE)]
    for rank in (2, 1, 3, 4):
        sizes = SIZES[:rank]
        rows.append((tup(sizes), tup(sizes)))
        if rank == 1:
            rows.append((sizes[0], tup(sizes)))
    letters = ["_NdtA", "_NdtB", "_NdtC", "_NdtE"]
    for rank in (2, 1, 3, 4):  # sizes read from `x.shape` (DimSize): their dimensions
        rows.append((tup([f"_NdtDimSize[{letter}]" for letter in letters[:rank]]), tup(letters[:rank])))
        if rank == 1:
            rows.append((f"_NdtDimSize[{letters[0]}]", tup(letters[:1])))
    for rank in range(1, 5):
        rows.append((tup(["_NdtIndex"] * rank), tup(["_NdtAny"] * rank)))
        if rank == 1:
            rows.append(("_NdtIndex", tup(["_NdtAny"])))
    # a larger rank: jax's own int sizes. Only ranks of 5 or more: with a dtype typed Any
    # (`dtype=jnp.float32`), pyright weighs every overload the call matches and makes it Unknown
    # unless one result holds the others; `tuple[DimSize[N], DimSize[D]]` here was such a result.
    rows.append(("_NdtLongShape", "_NdtLongShape"))
    return rows


def creation() -> list[str]:
    out = []
    for name in ("zeros", "ones", "empty"):
        out.append(header.before("jax.numpy", name))
        for dtype, result in (("dtype: None = None", FLOAT), (f"dtype: {dtype_given('_NdtD')}", "_NdtD")):
            for shape, result_shape in shapes():
                out.append(overload(name, f"shape: {shape}, {dtype}", res(result, result_shape)))
        # `dtype` a scalar type or another array's dtype (`dtype=x.dtype`, a `np.dtype[float32]`).
        # No overload for a Python type (`dtype=bool`): jax's own dtypes (`jnp.float32`) are typed
        # Any, and with one more overload that an Any dtype matches, pyright made those calls'
        # result Unknown instead of Array.
    out.append(header.before("jax.numpy", "full"))
    # the fill value's Python type sets the dtype; bool before int, int before float
    for fill, dtype in (("_NdtBool", "_ndt_np.bool_"), ("int", INT), ("float", FLOAT), ("_NdtAny", None)):
        for shape, result_shape in shapes():
            if dtype is None:
                out.append(
                    overload(
                        "full",
                        f"shape: {shape}, fill_value: _NdtAny, dtype: {dtype_given('_NdtD')}",
                        res("_NdtD", result_shape),
                    )
                )
            else:
                out.append(
                    overload(
                        "full", f"shape: {shape}, fill_value: {fill}, dtype: None = None", res(dtype, result_shape)
                    )
                )
    for name in ("zeros_like", "ones_like", "empty_like"):
        first = "prototype" if name == "empty_like" else "a"
        out.append(header.before("jax.numpy", name))
        out.append(plain_first(name, f"{first}: {PLAIN_ARRAY_LIKE}, dtype: _NdtAny = None, shape: None = None"))
        out.append(
            overload(
                name,
                f"{first}: {arr('_NdtD', '_NdtSh')}, dtype: None = None, shape: None = None",
                res("_NdtD", "_NdtSh"),
            )
        )
        out.append(
            overload(
                name,
                f"{first}: {arr('_NdtAny', '_NdtSh')}, dtype: {dtype_given('_NdtD2')}, shape: None = None",
                res("_NdtD2", "_NdtSh"),
            )
        )
    out.append(header.before("jax.numpy", "full_like"))
    out.append(
        plain_first(
            "full_like", f"a: {PLAIN_ARRAY_LIKE}, fill_value: _NdtAny, dtype: _NdtAny = None, shape: None = None"
        )
    )
    out.append(
        overload(
            "full_like",
            f"a: {arr('_NdtD', '_NdtSh')}, fill_value: _NdtAny, dtype: None = None, shape: None = None",
            res("_NdtD", "_NdtSh"),
        )
    )
    out.append(
        overload(
            "full_like",
            f"a: {arr('_NdtAny', '_NdtSh')}, fill_value: _NdtAny, dtype: {dtype_given('_NdtD2')}, shape: None = None",
            res("_NdtD2", "_NdtSh"),
        )
    )
    out.append(header.before("jax.numpy", "eye"))
    # sizes read from `x.shape` (DimSize): their dimensions
    for m, shape in (("None = None", "tuple[_NdtA, _NdtA]"), ("_NdtDimSize[_NdtB]", "tuple[_NdtA, _NdtB]")):
        out.append(overload("eye", f"N: _NdtDimSize[_NdtA], M: {m}, k: int = 0, dtype: None = None", res(FLOAT, shape)))
        out.append(
            overload("eye", f"N: _NdtDimSize[_NdtA], M: {m}, k: int = 0, *, dtype: type[_NdtD]", res("_NdtD", shape))
        )
    out.append(
        overload(
            "eye", "N: int, M: int | None = None, k: int = 0, dtype: None = None", res(FLOAT, "tuple[_NdtAny, _NdtAny]")
        )
    )
    out.append(
        overload(
            "eye",
            "N: int, M: int | None = None, k: int = 0, *, dtype: type[_NdtD]",
            res("_NdtD", "tuple[_NdtAny, _NdtAny]"),
        )
    )
    out.append(header.before("jax.numpy", "arange"))
    # a start typed Any: one axis, the dtype unknown (see shapes())
    out.append(
        overload(
            "arange",
            "start: _NdtNever, stop: _NdtAny = None, step: _NdtAny = None, dtype: _NdtAny = None",
            res("_NdtAny", "tuple[_NdtAny]"),
        )
    )
    # a stop read from `x.shape` (DimSize): one axis of that dimension
    out.append(
        overload(
            "arange",
            "start: _NdtDimSize[_NdtA], stop: None = None, step: None = None, dtype: None = None",
            res(INT, "tuple[_NdtA]"),
        )
    )
    out.append(
        overload(
            "arange",
            "start: int, stop: int | None = None, step: int | None = None, dtype: None = None",
            res(INT, "tuple[_NdtAny]"),
        )
    )
    out.append(
        overload(
            "arange",
            "start: float, stop: float | None = None, step: float | None = None, dtype: None = None",
            res(FLOAT, "tuple[_NdtAny]"),
        )
    )
    out.append(
        overload(
            "arange",
            "start: float, stop: float | None = None, step: float | None = None, *, dtype: type[_NdtD]",
            res("_NdtD", "tuple[_NdtAny]"),
        )
    )
    return out


SHAPED = "_NdtArray[{dtype}, {shape}]"  # arr() as a template for tools/_join_rules.py


def _join_element(shape: list[str]) -> str:
    return join_rules.element(SHAPED, "_NdtD", shape)


def _rejecting(name: str, params: str, poison: str) -> str:
    """The overloads a literal-axis join of same-rank shaped arrays meets when no pattern fits (see _join_rules)."""
    return "\n".join(join_rules.rejecting(name, params.replace("_NdtJoined", "{joined}"), poison))


def joins() -> list[str]:
    """stack (the new axis placed at `axis`), concatenate, hstack, vstack, column_stack and append
    (the other axes kept, a known clash rejected: tools/_join_rules.py) and split."""
    out = [header.preamble("jax.numpy"), join_rules.POISON_CLASSES]
    a, rest = LETTERS[0], REST
    literal = join_rules.literal_axes()
    concat_poison = "ShapesDoNotConcatenate"
    unknown = f"_NdtSequence[{join_rules.unknown_rank(SHAPED, '_NdtD')}]"
    out.append(header.before("jax.numpy", "stack"))
    out.append(overload("stack", f"arrays: {unknown}, axis: int = 0", res("_NdtD", ANY_SHAPE)))
    for axis in join_rules.JOIN_AXES:
        item, result = join_rules.stack_shapes(axis, LETTERS, LETTERS, REST)
        default = " = 0" if axis == 0 else ""
        params = f"arrays: _NdtSequence[{_join_element(item)}], axis: _NdtLiteral[{axis}]{default}"
        out.append(overload("stack", params, res("_NdtD", tup(result))))
    out.append(_rejecting("stack", f"arrays: _NdtSequence[_NdtJoined], axis: {literal} = 0", "ShapesDoNotStack"))
    out.append(header.before("jax.numpy", "concatenate"))
    out.append(overload("concatenate", f"arrays: {unknown}, axis: int | None = 0", res("_NdtD", ANY_SHAPE)))
    for axis in join_rules.JOIN_AXES:
        shape = join_rules.concat_shape(axis, LETTERS, LETTERS, REST)
        default = " = 0" if axis == 0 else ""
        params = f"arrays: _NdtSequence[{_join_element(shape)}], axis: _NdtLiteral[{axis}]{default}"
        out.append(overload("concatenate", params, res("_NdtD", tup(shape))))
    out.append(
        _rejecting(
            "concatenate", f"arrays: _NdtSequence[_NdtJoined], axis: {literal} = 0",
            concat_poison,
        )
    )  # fmt: skip
    # hstack: 1-D arrays joined end to end, others along axis 1; vstack: 1-D arrays become rows
    # (mixed with 2-D ones), others joined along axis 0; column_stack: 1-D arrays become columns
    hstack_rules, vstack_rules, column_rules = join_rules.stacking_rules(
        lambda shape: arr("_NdtD", tup(shape)), SHAPED, a, rest
    )
    for name, rules, tail in (
        ("hstack", hstack_rules, ", dtype: None = None"),
        ("vstack", vstack_rules, ", dtype: None = None"),
        ("column_stack", column_rules, ""),
    ):
        out.append(header.before("jax.numpy", name))
        out.append(overload(name, f"tup: {unknown}{tail}", res("_NdtD", ANY_SHAPE)))
        for param, result in rules:
            out.append(overload(name, f"tup: {param}{tail}", res("_NdtD", result)))
        out.append(_rejecting(name, f"tup: _NdtSequence[_NdtJoined]{tail}", concat_poison))
    # append with a literal axis: concatenate of two arrays
    out.append(header.before("jax.numpy", "append"))
    for axis in join_rules.JOIN_AXES:
        shape = join_rules.concat_shape(axis, LETTERS, LETTERS, REST)
        elem = _join_element(shape)
        out.append(
            overload("append", f"arr: {elem}, values: {elem}, axis: _NdtLiteral[{axis}]", res("_NdtD", tup(shape)))
        )
    out.append(_rejecting("append", f"arr: _NdtJoined, values: _NdtJoined, axis: {literal}", concat_poison))
    # take_along_axis: the indices' shape; take(a, indices, axis=0): the indices' axes replace the first
    out.append(header.before("jax.numpy", "take_along_axis"))
    out.append(
        overload(
            "take_along_axis",
            f"arr: {arr('_NdtD', '_NdtAny')}, indices: {arr('_ndt_np.integer[_NdtAny]', '_NdtSh')}, axis: int",
            res("_NdtD", "_NdtSh"),
        )
    )
    out.append(header.before("jax.numpy", "take"))
    for indices in (["_NdtB"], ["_NdtB", "_NdtC"]):
        params = f"a: {arr('_NdtD', tup(['_NdtA', REST]))}, indices: {arr('_ndt_np.integer[_NdtAny]', tup(indices))}, axis: _NdtLiteral[0]"
        out.append(overload("take", params, res("_NdtD", tup([*indices, REST]))))
    for name in ("split", "array_split"):
        out.append(header.before("jax.numpy", name))
        for axis in join_rules.JOIN_AXES:
            shape = tup(join_rules.concat_shape(axis, LETTERS, LETTERS, REST))
            default = " = 0" if axis == 0 else ""
            params = f"ary: {arr('_NdtD', shape)}, indices_or_sections: _NdtAny, axis: _NdtLiteral[{axis}]{default}"
            out.append(overload(name, params, f"list[{res('_NdtD', shape)}]"))
    return out


# jnp.einsum keeps one overload per pattern of this short list, not the rule families numpy gets
# (tools/_shape_rules.py): each overload costs a call whose operands are jax results
# (ShapedJaxArray, matched against the NDArray protocol) tens of milliseconds, so the 131 rules
# made one `jnp.einsum` in a plain jax program cost 6 s more (measured: 2.9 s -> 8.8 s), and 30
# grouped rules still 3.3 s more.
JAX_EINSUM = list(shape_rules.EINSUM_CORE)  # the same hand-picked patterns


def einsum() -> list[str]:
    """einsum with literal subscripts: one overload per pattern of JAX_EINSUM."""
    # the feature tag: a project's own spellings (ndtyping._static.einsum_rules) go ahead of these
    out = [header.before("jax.numpy", "einsum", feature="[einsum-generic]")]
    names = LETTERS + ["_NdtF"]
    for subscripts in JAX_EINSUM:
        inputs, output = einsum_shapes(subscripts)
        letters = {letter: names[n] for n, letter in enumerate(dict.fromkeys("".join("".join(t) for t in inputs)))}
        arrays = ", ".join(f"op{n}: {arr('_NdtD', tup([letters[c] for c in term]))}" for n, term in enumerate(inputs))
        params = f"subscripts: _NdtLiteral[{subscripts!r}], {arrays}, /, *, out: None = None, optimize: _NdtAny = 'auto', precision: _NdtAny = None"
        out.append(overload("einsum", params, res("_NdtD", tup([letters[c] for c in output]))))
    return out


LINALG_FAMILIES = [
    Family("_NdtDFloat", "_NdtDFloat", "_NdtDFloat", "_ndt_np.inexact[_NdtAny]"),
    Family("_NdtDComplex", "_NdtDComplex", "_ndt_np.floating[_NdtAny]", "_ndt_np.complexfloating[_NdtAny, _NdtAny]"),
    Family("_NdtDOther", FLOAT, FLOAT, "_ndt_np.complex64"),
]
LINALG_PARAMS = {
    "svd": ", hermitian: bool = False, subset_by_index: _NdtAny = None",
    "eigh": "UPLO: str | None = None, symmetrize_input: bool = True",
    "pinv": "rtol: _NdtAny = None, hermitian: bool = False",
    "cholesky": ", *, upper: bool = False, symmetrize_input: bool = True",
    "lstsq": "rcond: float | None = None, *, numpy_resid: bool = False",
}
# jax's own signature of each function, after its first parameter (the fallback overload)
LINALG_FALLBACK = {
    "inv": "Array", "solve": "Array", "det": "Array", "cholesky": "Array", "matrix_power": "Array", "pinv": "Array",
    "slogdet": "_NdtJaxSlogdetResult", "eigh": "_NdtJaxEighResult", "eig": "_NdtJaxEigResult", "svd": "_NdtAny",
    "qr": "_NdtAny", "lstsq": "tuple[Array, Array, Array, Array]", "norm": "Array",
}  # fmt: skip
LINALG_PREAMBLE = f"""\
{TYPEVARS}
from typing import NamedTuple as _NdtNamedTuple, overload
from jax._src.typing import Array, ArrayLike
from jax._src.numpy.linalg import EighResult as _NdtJaxEighResult, EigResult as _NdtJaxEigResult, SlogdetResult as _NdtJaxSlogdetResult
from jax._src.basearray import ArrayLike as _NdtStrictArrayLike
from jax.numpy import _NdtJaxArray
""" + "\n".join(f'_NdtT{n} = _NdtTypeVar("_NdtT{n}")' for n in range(4))


def linalg() -> list[str]:
    """jax.numpy.linalg with the shapes numpy documents; the module re-exports jax's functions, so
    each typed one is imported under another name and declared here, ending with jax's own."""
    overloads = linalg_overloads(LETTERS + ["_NdtF"], REST, arr, res, LINALG_FAMILIES, LINALG_PARAMS, "Shaped")
    out = [header.rename_import("jax.numpy.linalg", name, f"_NdtJax_{name}") for name in overloads]
    out += [header.preamble("jax.numpy.linalg"), LINALG_PREAMBLE, named_tuple_classes("Shaped")]
    for name, texts in overloads.items():
        out += texts
        first = "x" if name == "norm" else "a"
        # the functions of a square matrix: an ndtyping array of another shape (a rank-1 or an
        # (N, D) array to slogdet) fits none of the overloads and is an error, not jax's Array
        kind = "_NdtStrictArrayLike" if name in SQUARE_ONLY else "ArrayLike"
        out.append(overload(name, f"{first}: {kind}, /, *args: _NdtAny, **kwargs: _NdtAny", LINALG_FALLBACK[name]))
    return out


SQUARE_ONLY = {"inv", "det", "slogdet", "cholesky", "eigh", "eig", "matrix_power"}


# jax.nn: activations keep the shape and the (floating) dtype; (name, parameters after x)
ACTIVATIONS = {
    "relu": "",
    "relu6": "",
    "sigmoid": "",
    "silu": "",
    "swish": "",
    "softplus": "",
    "soft_sign": "",
    "selu": "",
    "log_sigmoid": "",
    "hard_tanh": "",
    "mish": "",
    "tanh": ", /",
    "gelu": ", approximate: _NdtBool = True",
    "elu": f", alpha: {SCALAR} = 1.0",
    "celu": f", alpha: {SCALAR} = 1.0",
    "leaky_relu": f", negative_slope: {SCALAR} = 0.01",
    "softmax": ", axis: int | _NdtSequence[int] | None = -1",
    "log_softmax": ", axis: int | _NdtSequence[int] | None = -1",
}


def logsumexp_overloads() -> list[str]:
    """logsumexp reduces like sum (axis None, a literal axis, keepdims), floats only."""
    tail = "b: None = None, keepdims: {keep}, return_sign: _NdtLiteral[False] = False, where: None = None"
    out = [
        overload(
            "logsumexp",
            f"a: {arr('_NdtDInexact', '_NdtAny')}, axis: None = None, "
            + tail.format(keep="_NdtLiteral[False] = False"),
            res("_NdtDInexact", "tuple[()]"),
        )
    ]
    for axis, shape_in, shape_drop, shape_keep in axis_patterns():
        for keep, shape_out in (("_NdtLiteral[False] = False", shape_drop), ("_NdtLiteral[True]", shape_keep)):
            if keep == "_NdtLiteral[True]":
                params = f"a: {arr('_NdtDInexact', tup(shape_in))}, axis: _NdtLiteral[{axis}], b: None = None, *, keepdims: _NdtLiteral[True], return_sign: _NdtLiteral[False] = False, where: None = None"
            else:
                params = f"a: {arr('_NdtDInexact', tup(shape_in))}, axis: _NdtLiteral[{axis}], " + tail.format(
                    keep=keep
                )
            out.append(overload("logsumexp", params, res("_NdtDInexact", tup(shape_out))))
    return out


def scipy_linalg() -> list[str]:
    """jax.scipy.linalg's factorisations and the solves that use them: `cholesky` and `cho_factor` of a
    square matrix keep its shape (the factor of `cho_factor`, with the `lower` flag); `lu_factor` gives
    the square LU matrix and int32 pivots, one per row. A solve's result has the right-hand side's
    shape (a vector or a matrix) when the factor is a square matrix of its first axis. Other calls
    (batched factorisations, arrays of unknown shape): jax's own, or an unknown shape."""
    names = ("cho_solve", "solve_triangular", "cholesky", "cho_factor", "lu_factor", "lu_solve")
    out = [header.rename_import("jax.scipy.linalg", name, f"_NdtJax_{name}") for name in names]
    out += [
        header.preamble("jax.scipy.linalg"),
        TYPEVARS,
        "from typing import overload",
        "from jax.numpy import _NdtJaxArray",
    ]
    out.append("from jax._src.basearray import Array as _NdtScipyArray")
    square = arr("_NdtDInexact", "tuple[_NdtA, _NdtA]")
    triangular = "trans: int | str = 0, lower: bool = False, unit_diagonal: bool = False, overwrite_b: bool = False, debug: _NdtAny = None, check_finite: bool = True"
    # a right-hand side of unknown shape (a jax.Array) matches rank >= 5 first: its shape stays
    # unknown (it would match the vector pattern, a rank it may not have)
    unknown = arr("_NdtDInexact", UNKNOWN_RANK)
    out.append(
        overload(
            "cho_solve",
            f"c_and_lower: tuple[_NdtAny, bool], b: {unknown}, overwrite_b: bool = False, check_finite: bool = True",
            res("_NdtDInexact", ANY_SHAPE),
        )
    )
    for rhs in (["_NdtA"], ["_NdtA", "_NdtB"]):
        b = arr("_NdtDInexact", tup(rhs))
        result = res("_NdtDInexact", tup(rhs))
        out.append(
            overload(
                "cho_solve",
                f"c_and_lower: tuple[{square}, bool], b: {b}, overwrite_b: bool = False, check_finite: bool = True",
                result,
            )
        )
    out.append(
        overload(
            "cho_solve",
            "c_and_lower: _NdtAny, b: _NdtAny, overwrite_b: bool = False, check_finite: bool = True",
            "_NdtScipyArray",
        )
    )
    out.append(
        "def cho_solve(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_cho_solve(*args, **kwargs)"
    )
    out.append(overload("solve_triangular", f"a: _NdtAny, b: {unknown}, {triangular}", res("_NdtDInexact", ANY_SHAPE)))
    for rhs in (["_NdtA"], ["_NdtA", "_NdtB"]):
        b = arr("_NdtDInexact", tup(rhs))
        out.append(overload("solve_triangular", f"a: {square}, b: {b}, {triangular}", res("_NdtDInexact", tup(rhs))))
    out.append(overload("solve_triangular", f"a: _NdtAny, b: _NdtAny, {triangular}", "_NdtScipyArray"))
    out.append(
        "def solve_triangular(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_solve_triangular(*args, **kwargs)"
    )
    square_result = res("_NdtDInexact", "tuple[_NdtA, _NdtA]")
    factor_params = "lower: bool = False, overwrite_a: bool = False, check_finite: bool = True"
    any_shape = res("_NdtDInexact", ANY_SHAPE)
    for name, unknown_result, result, fallback in (
        ("cholesky", any_shape, square_result, "_NdtScipyArray"),
        ("cho_factor", f"tuple[{any_shape}, bool]", f"tuple[{square_result}, bool]", "tuple[_NdtScipyArray, bool]"),
    ):
        out.append(overload(name, f"a: {unknown}, {factor_params}", unknown_result))
        out.append(overload(name, f"a: {square}, {factor_params}", result))
        out.append(overload(name, f"a: _NdtAny, {factor_params}", fallback))
        out.append(
            f"def {name}(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_{name}(*args, **kwargs)"
        )
    lu_params = "overwrite_a: bool = False, check_finite: bool = True"
    pivots = res(INT, "tuple[_NdtA]")
    out.append(overload("lu_factor", f"a: {unknown}, {lu_params}", f"tuple[{any_shape}, {res(INT, ANY_SHAPE)}]"))
    out.append(overload("lu_factor", f"a: {square}, {lu_params}", f"tuple[{square_result}, {pivots}]"))
    out.append(overload("lu_factor", f"a: _NdtAny, {lu_params}", "tuple[_NdtScipyArray, _NdtScipyArray]"))
    out.append(
        "def lu_factor(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_lu_factor(*args, **kwargs)"
    )
    solve_params = "trans: int = 0, overwrite_b: bool = False, check_finite: bool = True"
    out.append(overload("lu_solve", f"lu_and_piv: tuple[_NdtAny, _NdtAny], b: {unknown}, {solve_params}", any_shape))
    for rhs in (["_NdtA"], ["_NdtA", "_NdtB"]):
        b = arr("_NdtDInexact", tup(rhs))
        out.append(
            overload(
                "lu_solve",
                f"lu_and_piv: tuple[{square}, _NdtAny], b: {b}, {solve_params}",
                res("_NdtDInexact", tup(rhs)),
            )
        )
    out.append(overload("lu_solve", f"lu_and_piv: _NdtAny, b: _NdtAny, {solve_params}", "_NdtScipyArray"))
    out.append(
        "def lu_solve(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_lu_solve(*args, **kwargs)"
    )
    return out


# jax.random's samplers, (key, shape=(), dtype=None, ...): a shape taken from an ndtyping array (`x.shape`
# of unbounded dimensions, Any sizes) gives a sample of that rank, float32 (jax's default) or the dtype
# given. Shapes of literal or int sizes keep jax's own `Array`: typed by their sizes, the samples of a
# parameter dict (`{"w": normal(k, (3, 4)), "b": normal(k, (4,))}`) would make it a dict of a union
# that strict mode does not let out as `dict[str, jax.Array]`.
RANDOM_FLOAT_SAMPLERS = ("normal", "uniform", "exponential", "gumbel", "laplace")


def random_shapes() -> list[tuple[str, str]]:
    """(shape parameter, result shape) for shapes read from an ndtyping array only, ranks 1 to 4: sizes
    that name their dimension (DimSize) or Any sizes (only Any meets Never).
    A shape typed Any matches them all: the first row gives it jax's own Array (otherwise pyright makes
    the result Unknown, their results differing)."""
    letters = ["_NdtA", "_NdtB", "_NdtC", "_NdtE"]
    return (
        [("_NdtNever", "_NdtRandomArray")]
        # sizes read from `x.shape` (DimSize, see shapes()): their dimensions
        + [(tup([f"_NdtDimSize[{x}]" for x in letters[:rank]]), tup(letters[:rank])) for rank in (2, 1, 3, 4)]
        + [(tup(["_NdtNever"] * rank), tup(["_NdtAny"] * rank)) for rank in (2, 1, 3, 4)]
    )


def sample(dtype: str, shape: str) -> str:
    return shape if shape == "_NdtRandomArray" else res(dtype, shape)


def random() -> list[str]:
    """jax.random: categorical's int32 samples, the logits' shape without the sampled axis (a literal
    axis, shape=None); the float samplers, randint and bernoulli of a shape of Any sizes (see
    RANDOM_FLOAT_SAMPLERS); bernoulli without a shape, bool samples of its probabilities' shape (an
    ndtyping array's). Other calls: jax's own."""
    samplers = ["categorical", *RANDOM_FLOAT_SAMPLERS, "randint", "bernoulli"]
    out = [header.rename_import("jax.random", name, f"_NdtJax_{name}") for name in samplers]
    out += [header.preamble("jax.random"), TYPEVARS]
    out += [
        "from typing import overload",
        "from jax.numpy import _NdtJaxArray, _NdtS0, _NdtS1, _NdtS2, _NdtS3",
        "from jax._src.basearray import Array as _NdtRandomArray",
    ]
    rest = "*args: _NdtAny, **kwargs: _NdtAny"
    for name in RANDOM_FLOAT_SAMPLERS:
        for dtype, result in (("dtype: None = None", FLOAT), (f"dtype: {dtype_given('_NdtD')}", "_NdtD")):
            for shape, result_shape in random_shapes():
                out.append(
                    overload(name, f"key: _NdtAny, shape: {shape}, {dtype}, {rest}", sample(result, result_shape))
                )
        out.append(
            overload(name, f"key: _NdtAny, shape: _NdtAny = (), dtype: _NdtAny = None, {rest}", "_NdtRandomArray")
        )
        out.append(
            f"def {name}(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_{name}(*args, **kwargs)"
        )
    for shape, result_shape in random_shapes():
        params = f"key: _NdtAny, shape: {shape}, minval: _NdtAny, maxval: _NdtAny, dtype: None = None, {rest}"
        out.append(overload("randint", params, sample(INT, result_shape)))
    params = f"key: _NdtAny, shape: _NdtAny, minval: _NdtAny, maxval: _NdtAny, dtype: _NdtAny = None, {rest}"
    out.append(overload("randint", params, "_NdtRandomArray"))
    out.append(
        "def randint(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_randint(*args, **kwargs)"
    )
    # bernoulli: without a shape, one sample per probability of an ndtyping array (a jax.Array of
    # unknown shape matches rank >= 5 first and keeps jax's own result); with a shape, as above
    boolean = "_ndt_np.bool_"
    tail = "mode: str = 'low', *, out_sharding: _NdtAny = None"
    unknown = arr("_NdtDFloat", UNKNOWN_RANK)
    out.append(overload("bernoulli", f"key: _NdtAny, p: {unknown}, shape: None = None, {tail}", "_NdtRandomArray"))
    params = f"key: _NdtAny, p: {arr('_NdtDFloat', '_NdtSh')}, shape: None = None, {tail}"
    out.append(overload("bernoulli", params, res(boolean, "_NdtSh")))
    for shape, result_shape in random_shapes():
        out.append(
            overload("bernoulli", f"key: _NdtAny, p: _NdtAny, shape: {shape}, {tail}", res(boolean, result_shape))
        )
    params = f"key: _NdtAny, p: _NdtAny = 0.5, shape: _NdtAny = None, {tail}"
    out.append(overload("bernoulli", params, "_NdtRandomArray"))
    out.append(
        "def bernoulli(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_bernoulli(*args, **kwargs)"
    )
    tail = "shape: None = None, replace: bool = True, mode: str | None = None, *, out_sharding: _NdtAny = None"
    for axis, shape_in, shape_drop, _ in axis_patterns():
        default = " = -1" if axis == -1 else ""
        params = f"key: _NdtAny, logits: {arr('_NdtDFloat', tup(shape_in))}, axis: _NdtLiteral[{axis}]{default}, {tail}"
        out.append(overload("categorical", params, res(INT, tup(shape_drop))))
    out.append(
        overload(
            "categorical",
            "key: _NdtAny, logits: _NdtAny, axis: int = -1, shape: _NdtAny = None, replace: bool = True, mode: str | None = None, *, out_sharding: _NdtAny = None",
            "_NdtRandomArray",
        )
    )
    out.append(
        "def categorical(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_categorical(*args, **kwargs)"
    )
    return out


def scipy_special() -> list[str]:
    """jax.scipy.special re-exports jax's functions: logsumexp is declared here, ending with jax's."""
    return [
        header.rename_import("jax.scipy.special", "logsumexp", "_NdtJax_logsumexp"),
        header.preamble("jax.scipy.special"),
        TYPEVARS,
        "from typing import overload",
        "from jax.numpy import _NdtJaxArray",
        "from jax._src.typing import ArrayLike",
        *logsumexp_overloads(),
        overload("logsumexp", "a: ArrayLike, /, *args: _NdtAny, **kwargs: _NdtAny", "_NdtAny"),
    ]


def nn() -> list[str]:
    out = [header.rename_import("jax.nn", "ArrayLike", "_NdtJaxArrayLike"), header.preamble("jax.nn"), JAX_NN_PREAMBLE]
    out.append(header.before("jax.nn", "logsumexp"))
    out += logsumexp_overloads()
    for name, params in ACTIVATIONS.items():
        out.append(header.before("jax.nn", name))
        out.append(overload(name, f"x: {arr('_NdtDInexact', '_NdtSh')}{params}", res("_NdtDInexact", "_NdtSh")))
    out.append(header.before("jax.nn", "one_hot"))
    out += one_hot_overloads()
    return out


def one_hot(classes: str, size: str, dtype: str, result: str) -> str:
    index = arr("_NdtAny", tup([REST]))
    return overload(
        "one_hot",
        f"x: {index}, num_classes: {classes}, *, {dtype}, axis: _NdtLiteral[-1] = -1",
        res(result, tup([REST, size])),
    )


def one_hot_overloads() -> list[str]:
    """one_hot(x, num_classes): x's axes, then a class axis (the last, jax's default). Its size is a
    literal `num_classes`' (`one_hot(labels, 10)`), else unknown (Any): an `int` (a parameter
    `k: int`) must not become the size, and a dimension bound to int cannot be told from one."""
    out = []
    for dtype, result in (("dtype: None = None", FLOAT), (f"dtype: {dtype_given('_NdtD')}", "_NdtD")):
        out.append(one_hot(SIZES[0], SIZES[0], dtype, result))
        out.append(one_hot("_NdtDimSize[_NdtA]", "_NdtA", dtype, result))  # `x.shape[0]`: its dimension
        out.append(one_hot("int", "_NdtAny", dtype, result))
    return out


# jax.vmap over axis 0 of a one-argument function of an ndtyping array: the batch axis is a
# type variable of the returned callable. Anything else keeps jax's own `vmap(fun: F) -> F`.
VMAP = """\
from typing import Any as _NdtAny, Callable as _NdtCallable, Literal as _NdtLiteral, overload as _ndt_overload
from collections.abc import Sequence as _NdtSequence
from typing_extensions import Concatenate as _NdtConcatenate, TypeVar as _NdtTypeVar, TypeVarTuple as _NdtTypeVarTuple, Unpack as _NdtUnpack
import numpy as _ndt_np
from ndtyping._surface.ndarray import ShapedArray as _NdtArray
from jax.numpy import _NdtJaxArray
# Defaults: what a lambda or a function of jax.Array leaves unsolved reads as Any, not Unknown.
_NdtD = _NdtTypeVar("_NdtD", bound=_ndt_np.generic, default=_NdtAny)
_NdtD2 = _NdtTypeVar("_NdtD2", bound=_ndt_np.generic, default=_NdtAny)
_NdtBatch = _NdtTypeVar("_NdtBatch")
_NdtS = _NdtTypeVarTuple("_NdtS", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtS2 = _NdtTypeVarTuple("_NdtS2", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtD3 = _NdtTypeVar("_NdtD3", bound=_ndt_np.generic, default=_NdtAny)
_NdtD4 = _NdtTypeVar("_NdtD4", bound=_ndt_np.generic, default=_NdtAny)
_NdtS3 = _NdtTypeVarTuple("_NdtS3", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtS4 = _NdtTypeVarTuple("_NdtS4", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtF = _NdtTypeVar("_NdtF", bound=_NdtCallable[..., _NdtAny])
from jax._src.basearray import _NdtNominalArray as _NdtVmapArray
# A function of one argument that is not NDArray-annotated keeps jax's own typing: a function of
# jax.Array, an untyped one (of a pytree), a lambda (pyright leaves its parameter Unknown here),
# whatever it returns (`sum(...)` over a dict's leaves is `int | Array`). The parameter is a jax
# array of dtype void and rank 0, which a jax.Array or untyped parameter takes and an NDArray one
# does not: an NDArray function returning jax.Array (a per-example loss, jax.grad(f)) takes the
# NDArray rules below.
class _NdtVmapGuard(_NdtVmapArray):
    def __array__(self) -> _ndt_np.ndarray[tuple[()], _ndt_np.dtype[_ndt_np.void]]: ...
_NdtFJax = _NdtTypeVar("_NdtFJax", bound=_NdtCallable[[_NdtVmapGuard], _NdtAny])
_NdtFJaxMany = _NdtTypeVar("_NdtFJaxMany", bound=_NdtCallable[_NdtConcatenate[_NdtVmapGuard, ...], _NdtAny])
_NdtFJaxSecond = _NdtTypeVar("_NdtFJaxSecond", bound=_NdtCallable[_NdtConcatenate[_NdtAny, _NdtVmapGuard, ...], _NdtAny])

# The gradient (jax.grad's or jax.value_and_grad's result, below) of such a function: written inline, `jax.vmap(jax.grad(f))`,
# the guard's parameter would become the gradient's (pyright solves grad's parameters from the
# expected type first), and the batched call would reject an NDArray. The vmapped gradient takes
# any argument and gives Any, as jax.grad's gradient is. (Quoted: jax/__init__ is a .py module, where
# a name defined further down is not yet bound.)
@_ndt_overload
def vmap(
    fun: "_NdtGradient[[_NdtVmapGuard], _NdtAny]", in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0,
    axis_name: _NdtAny = None, axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[..., _NdtAny]: ...
@_ndt_overload
def vmap(
    fun: _NdtFJax, in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtFJax: ...
# The same for several arguments, the first not NDArray-annotated: a lambda (typed from the NDArray
# rules below, `lambda p, x: loss(p, x)` with in_axes=(None, 0) made `p` an NDArray), an untyped
# function (its result read Unknown), a function of jax.Arrays.
@_ndt_overload
def vmap(
    fun: _NdtFJaxMany, in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0,
    axis_name: _NdtAny = None, axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtFJaxMany: ...
# A function whose result is Any (jax.grad's gradient, whatever its parameter: a pytree's gradient
# is the pytree; a function annotated `-> Any`): its batched result is Any too, not an array of a
# rank the rules below would guess. Only Any is assignable to this class, which nothing returns.
class _NdtVmapOpaque: ...
@_ndt_overload
def vmap(
    fun: _NdtCallable[..., _NdtVmapOpaque], in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0,
    axis_name: _NdtAny = None, axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[..., _NdtAny]: ...
@_ndt_overload
def vmap(
    fun: _NdtCallable[[_NdtArray[_NdtD, tuple[_NdtUnpack[_NdtS]]]], _NdtArray[_NdtD2, tuple[_NdtUnpack[_NdtS2]]]],
    in_axes: _NdtLiteral[0] = 0, out_axes: _NdtLiteral[0] = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[[_NdtArray[_NdtD, tuple[_NdtBatch, _NdtUnpack[_NdtS]]]], _NdtJaxArray[_NdtD2, tuple[_NdtBatch, _NdtUnpack[_NdtS2]]]]: ...
# Two or three NDArray arguments, every one mapped over axis 0 (in_axes=0): each gets the batch axis.
@_ndt_overload
def vmap(
    fun: _NdtCallable[[_NdtArray[_NdtD, tuple[_NdtUnpack[_NdtS]]], _NdtArray[_NdtD3, tuple[_NdtUnpack[_NdtS3]]]], _NdtArray[_NdtD2, tuple[_NdtUnpack[_NdtS2]]]],
    in_axes: _NdtLiteral[0] = 0, out_axes: _NdtLiteral[0] = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[[_NdtArray[_NdtD, tuple[_NdtBatch, _NdtUnpack[_NdtS]]], _NdtArray[_NdtD3, tuple[_NdtBatch, _NdtUnpack[_NdtS3]]]], _NdtJaxArray[_NdtD2, tuple[_NdtBatch, _NdtUnpack[_NdtS2]]]]: ...
@_ndt_overload
def vmap(
    fun: _NdtCallable[[_NdtArray[_NdtD, tuple[_NdtUnpack[_NdtS]]], _NdtArray[_NdtD3, tuple[_NdtUnpack[_NdtS3]]], _NdtArray[_NdtD4, tuple[_NdtUnpack[_NdtS4]]]], _NdtArray[_NdtD2, tuple[_NdtUnpack[_NdtS2]]]],
    in_axes: _NdtLiteral[0] = 0, out_axes: _NdtLiteral[0] = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[[_NdtArray[_NdtD, tuple[_NdtBatch, _NdtUnpack[_NdtS]]], _NdtArray[_NdtD3, tuple[_NdtBatch, _NdtUnpack[_NdtS3]]], _NdtArray[_NdtD4, tuple[_NdtBatch, _NdtUnpack[_NdtS4]]]], _NdtJaxArray[_NdtD2, tuple[_NdtBatch, _NdtUnpack[_NdtS2]]]]: ...
"""


VMAP_REST = """\
# Any other function of an ndtyping array (several arguments, `in_axes=(0, None)`): PEP 646 cannot
# add the batch axis to each parameter, so the batched call takes any arguments (`...`); when the
# function returns an array and out_axes is 0, the result is an array of its dtype with a leading
# batch axis, its other axes unknown (a function returning jax.Array, or an untyped one, would
# give them as Unknown: jax types `Array.__array__` as a bare ndarray). Anything else: Any.
@_ndt_overload
def vmap(
    fun: _NdtCallable[_NdtConcatenate[_NdtArray[_NdtAny, _NdtAny], ...], _NdtArray[_NdtD2, _NdtAny]],
    in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtLiteral[0] = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[..., _NdtJaxArray[_NdtD2, tuple[_NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]]]]: ...
@_ndt_overload
def vmap(
    fun: _NdtCallable[_NdtConcatenate[_NdtArray[_NdtAny, _NdtAny], ...], _NdtAny],
    in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[..., _NdtAny]: ...
# A function of a parameter pytree first (`in_axes=(None, 0, ...)`) and an NDArray second: the same.
# A jax.Array (or untyped) second parameter takes the guard and keeps jax's `F -> F`.
@_ndt_overload
def vmap(
    fun: _NdtFJaxSecond, in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0,
    axis_name: _NdtAny = None, axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtFJaxSecond: ...
@_ndt_overload
def vmap(
    fun: _NdtCallable[_NdtConcatenate[_NdtAny, _NdtArray[_NdtAny, _NdtAny], ...], _NdtAny],
    in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtCallable[..., _NdtAny]: ...
@_ndt_overload
def vmap(
    fun: _NdtF, in_axes: int | None | _NdtSequence[_NdtAny] = 0, out_axes: _NdtAny = 0, axis_name: _NdtAny = None,
    axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False,
) -> _NdtF: ...
def vmap(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:
    return _NdtJaxVmap(*args, **kwargs)  # what pyright reads; jax's own vmap at runtime
"""


# jax.vmap with `in_axes` written out: a tuple of 0, 1 and None, one per argument (or 1 for all).
# An argument mapped over axis k has the batch axis at k, and the function sees it without that
# axis; None passes it unchanged; the result gets the batch axis first (out_axes=0). The batch is
# one type variable of the returned callable, so every mapped argument must have the same size
# there: mapping one argument over its P axis and another over its T axis is an error. One
# overload per combination (PEP 646 has no type-level map over the parameters), so the forms are
# bounded: up to three arguments every combination; four and five arguments the common layouts
# (vmap_long_form). Anything else, and a function returning something other
# than an array, takes the overloads after these (a batched call of any arguments), never an error.
VMAP_ALL_COMBINATIONS_UP_TO = 3
VMAP_MAX_ARGUMENTS = 5
_VMAP_TAIL = (
    "axis_name: _NdtAny = None, axis_size: int | None = None, spmd_axis_name: _NdtAny = None, sum_match: bool = False"
)


def vmap_long_form(axes: tuple[int | None, ...]) -> bool:
    """Four or five arguments: the Nones first (parameter pytrees, then data) or last (data, then
    shared weights), the mapped ones over axis 0, or over 0 then 1. Every combination of five
    arguments would be 242 overloads, whose declarations pyright evaluates in every program that
    calls jax.vmap (measured: ~5 ms of CPU each)."""
    mapped = [a for a in axes if a is not None]
    n_none = len(axes) - len(mapped)
    nones_outside = all(a is None for a in axes[:n_none]) or all(a is None for a in axes[len(mapped) :])
    return nones_outside and mapped == sorted(mapped)


def vmap_axes_combinations() -> list[tuple[int | None, ...]]:
    from itertools import product

    out: list[tuple[int | None, ...]] = []
    for n in range(1, VMAP_MAX_ARGUMENTS + 1):
        for axes in product((None, 0, 1), repeat=n):
            if all(a is None for a in axes):
                continue
            if n > VMAP_ALL_COMBINATIONS_UP_TO and not vmap_long_form(axes):
                continue
            out.append(axes)
    return sorted(out, key=lambda axes: (len(axes), axes.count(1), [-1 if a is None else a for a in axes]))


def vmap_parameter(i: int, axis: int | None) -> tuple[str, str]:
    """(the function's parameter, the batched call's parameter) for argument i mapped over axis."""
    if axis is None:
        return f"_NdtVmT{i}", f"_NdtVmT{i}"
    d, x, rest = f"_NdtVmD{i}", f"_NdtVmX{i}", f"_NdtUnpack[_NdtVmS{i}]"
    if axis == 0:
        return arr(d, f"tuple[{rest}]"), arr(d, f"tuple[_NdtBatch, {rest}]")
    return arr(d, f"tuple[{x}, {rest}]"), arr(d, f"tuple[{x}, _NdtBatch, {rest}]")


def vmap_in_axes_overload(axes: tuple[int | None, ...], in_axes: str) -> str:
    params = [vmap_parameter(i, a) for i, a in enumerate(axes, 1)]
    inner = ", ".join(p for p, _ in params)
    batched = ", ".join(q for _, q in params)
    result = "_NdtArray[_NdtD2, tuple[_NdtUnpack[_NdtS2]]]"
    return (
        "@_ndt_overload\ndef vmap(\n"
        f"    fun: _NdtCallable[[{inner}], {result}], in_axes: {in_axes}, out_axes: _NdtLiteral[0] = 0, {_VMAP_TAIL},\n"
        f") -> _NdtCallable[[{batched}], _NdtJaxArray[_NdtD2, tuple[_NdtBatch, _NdtUnpack[_NdtS2]]]]: ..."
    )


def vmap_in_axes_overloads() -> list[str]:
    def literal(axis: int | None) -> str:
        return "None" if axis is None else f"_NdtLiteral[{axis}]"

    n = VMAP_MAX_ARGUMENTS
    out = [
        "\n".join(
            [f'_NdtVmT{i} = _NdtTypeVar("_NdtVmT{i}")' for i in range(1, n + 1)]
            + [
                f'_NdtVmD{i} = _NdtTypeVar("_NdtVmD{i}", bound=_ndt_np.generic, default=_NdtAny)'
                for i in range(1, n + 1)
            ]
            + [f'_NdtVmX{i} = _NdtTypeVar("_NdtVmX{i}", default=_NdtAny)' for i in range(1, n + 1)]
            + [
                f'_NdtVmS{i} = _NdtTypeVarTuple("_NdtVmS{i}", default=_NdtUnpack[tuple[_NdtAny, ...]])'
                for i in range(1, n + 1)
            ]
        )
    ]
    # An untyped (or Any, object) parameter after the first, mapped: its argument may be a pytree,
    # which the array the batched call would ask for rejects. Such a function is not modelled (its
    # batched call takes any arguments). The first parameter's case was taken by the overloads
    # above (with lambdas: a lambda's parameters are typed from the overload tried, and errors in
    # its body do not make pyright try the next one, so no overload here may see a lambda).
    out.append("class _NdtVmapUntyped:  # a value only an untyped parameter takes\n    ...")
    for position in range(2, n + 1):
        before = ", ".join(["_NdtAny"] * (position - 1))
        out.append(
            "@_ndt_overload\ndef vmap(\n"
            f"    fun: _NdtCallable[_NdtConcatenate[{before}, _NdtVmapUntyped, ...], _NdtAny],\n"
            f"    in_axes: tuple[{before}, int, _NdtUnpack[tuple[_NdtAny, ...]]] | _NdtLiteral[1], out_axes: _NdtAny = 0, {_VMAP_TAIL},\n"
            ") -> _NdtCallable[..., _NdtAny]: ..."
        )
    # in_axes=1: every argument over its axis 1 (first: an int in_axes would try every tuple first)
    for k in range(1, VMAP_ALL_COMBINATIONS_UP_TO + 1):
        out.append(vmap_in_axes_overload((1,) * k, "_NdtLiteral[1]"))
    # pyright tries them in order until one matches: fewer arguments and fewer 1s first
    for axes in vmap_axes_combinations():
        out.append(vmap_in_axes_overload(axes, f"tuple[{', '.join(literal(a) for a in axes)}]"))
    return out


# jax.grad and jax.value_and_grad: the returned function takes the function's own arguments (so
# `jax.grad(loss)(x, w, y)` for `loss(w, x, y)` is an error), and gives the gradient as Any (its
# type is the differentiated argument's, which a ParamSpec cannot pick out; a TypeVar for the
# first parameter made a lambda's parameters that TypeVar: errors in correct code). The value of
# value_and_grad is the function's result (with has_aux, the (value, aux) pair it returns); when
# that is an NDArray, the value is the jax array jax gives (ShapedJaxArray of the same dtype and
# shape), so `-> jax.Array` annotations accept it (an NDArray is not a jax.Array); a jax.Array
# result stays one (matched first: a jax.Array also fits the NDArray protocol, shapelessly).
GRAD = """\
from typing import Generic as _NdtGeneric
from typing_extensions import ParamSpec as _NdtGradParamSpec, TypeVar as _NdtGradTypeVar
_NdtP = _NdtGradParamSpec("_NdtP")
_NdtR = _NdtGradTypeVar("_NdtR")

# Defaults: what value_and_grad leaves unsolved reads as Any, not Unknown.
_NdtGradD = _NdtGradTypeVar("_NdtGradD", bound=_ndt_np.generic, default=_NdtAny)
_NdtGradS = _NdtGradTypeVar("_NdtGradS", bound=tuple[_NdtAny, ...], default=tuple[_NdtAny, ...])

# The gradient function: it takes the function's own arguments and gives the gradient (Any), or
# value_and_grad's pair. A class, not a Callable, so that jax.vmap can tell a gradient from the
# function it differentiates (see vmap).
_NdtGradOut = _NdtGradTypeVar("_NdtGradOut", covariant=True, default=_NdtAny)
class _NdtGradient(_NdtGeneric[_NdtP, _NdtGradOut]):
    def __call__(self, *args: _NdtP.args, **kwargs: _NdtP.kwargs) -> _NdtGradOut: ...

# The gradient is Any: a first overload giving it the first parameter's type made a lambda's
# parameters (and an untyped function's) that overload's type variables.
def grad(
    fun: _NdtCallable[_NdtP, _NdtAny], argnums: int | _NdtSequence[int] = 0, has_aux: bool = False,
    holomorphic: bool = False, allow_int: bool = False, reduce_axes: _NdtSequence[_NdtAny] = (),
) -> _NdtGradient[_NdtP, _NdtAny]:
    return _NdtJaxGrad(fun, argnums, has_aux, holomorphic, allow_int, reduce_axes)  # jax's own at runtime

@_ndt_overload
def value_and_grad(
    fun: _NdtCallable[_NdtP, _NdtVmapArray], argnums: int | _NdtSequence[int] = 0,
    has_aux: _NdtLiteral[False] = False, holomorphic: bool = False, allow_int: bool = False,
    reduce_axes: _NdtSequence[_NdtAny] = (),
) -> _NdtGradient[_NdtP, tuple[Array, _NdtAny]]: ...
@_ndt_overload
def value_and_grad(
    fun: _NdtCallable[_NdtP, _NdtArray[_NdtGradD, _NdtGradS]], argnums: int | _NdtSequence[int] = 0,
    has_aux: _NdtLiteral[False] = False, holomorphic: bool = False, allow_int: bool = False,
    reduce_axes: _NdtSequence[_NdtAny] = (),
) -> _NdtGradient[_NdtP, tuple[_NdtJaxArray[_NdtGradD, _NdtGradS], _NdtAny]]: ...
@_ndt_overload
def value_and_grad(
    fun: _NdtCallable[_NdtP, _NdtR], argnums: int | _NdtSequence[int] = 0, has_aux: bool = False,
    holomorphic: bool = False, allow_int: bool = False, reduce_axes: _NdtSequence[_NdtAny] = (),
) -> _NdtGradient[_NdtP, tuple[_NdtR, _NdtAny]]: ...
def value_and_grad(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:
    return _NdtJaxValueAndGrad(*args, **kwargs)  # jax's own at runtime
"""


def basearray_patch() -> list[str]:
    """jax's `Array` becomes a protocol that NDArray values fit, so a user's `jax.Array` annotation
    (a scan body's, a closure's, a pytree's `dict[str, jax.Array]`) accepts them.

    The class jax declares is renamed `_NdtNominalArray`; `_NdtPlainArray` derives from it and from
    ndtyping's `_Shaped[Any, tuple[Any, ...]]` (what the jax.numpy rules take: a jax array is one of
    unknown dtype and shape); and `Array` is defined anew, deriving from that and from Protocol, with
    one protocol member: `is_fully_replicated`, a property jax arrays and
    NDArray values have and numpy arrays lack. pyright reads members of a protocol's non-protocol
    bases as inherited, not as requirements (it reports the base in the stub, which users never
    see), so jax's values are still Arrays with all their methods, a numpy array is still not one,
    and every signature of jax that names `Array` takes an NDArray. jax's `ArrayLike` names the class
    (`_NdtPlainArray`):
    jax's operators then do not take an NDArray (pyright tries the NDArray's reflected operator, which
    has the shape rules), and neither do the fallbacks ndtyping narrows to it.
    """
    return [
        header.rename_class("jax._src.basearray", "Array", "_NdtNominalArray"),
        header.preamble("jax._src.basearray"),
        # only names the preamble imports itself (jax's imports differ between releases)
        "from typing import Any as _NdtAny, Protocol as _NdtProtocol, runtime_checkable as _ndt_runtime_checkable",
        "import numpy as _ndt_np",
        # jax's arrays as ndtyping's shape rules see them: arrays of unknown dtype and shape, by
        # their bases (a look at the bases where the ShapedArray protocol compared `__array__`
        # methods, for each member of an ArrayLike argument and each rule: see `_Shaped`)
        "from ndtyping._surface.ndarray import _Shaped as _NdtShaped",
        "class _NdtPlainArray(_NdtNominalArray, _NdtShaped[_NdtAny, tuple[_NdtAny, ...]]): ...",
        "@_ndt_runtime_checkable",
        "class Array(_NdtPlainArray, _NdtProtocol):  # a protocol deriving from a class: see ndtyping's overlay",
        "  @property",
        "  def is_fully_replicated(self) -> bool: ...",
        # jax types it as a bare ndarray, which makes an Array met as an NDArray `NDArray[Unknown,
        # *Unknown]`: its dtype and shape are unknown, which is Any (no parameters: NDArray's has none)
        "  def __array__(self) -> _ndt_np.ndarray[tuple[_NdtAny, ...], _ndt_np.dtype[_NdtAny]]: ...",
        header.narrow("jax._src.basearray", "ArrayLike", "Array", "_NdtPlainArray"),
        # numpy's scalars by the base class numpy's overlay gives `number` (no bit width, which is an
        # Any that kept pyright from settling any overload for an ArrayLike argument: number_base in
        # tools/gen_overlay_templates.py)
        header.narrow("jax._src.basearray", "StaticScalar", "number", "_NdtNumber"),
    ]


def typing_patch() -> list[str]:
    """jax._src.typing's ArrayLike (`jax.typing.ArrayLike`; jax.lax and jax.numpy.linalg take it)
    accepts NDArray too, through a protocol that asks for `__array__` only and derives from jax's
    array class, the way the overlay's `jax.Array` does (basearray_patch): so an NDArray argument
    is accepted, and in the function's body that member of the union is a jax array, with jax's own
    methods and operators, as without ndtyping.

    Naming ShapedArray in the union instead made plain code slow: pyright tries a union argument
    member by member, and `m * m` with `m: jax.typing.ArrayLike` weighed every ShapedArray
    operator overload for an array of unknown shape (optax's linear_algebra.py: 24 s, 3 s without
    ndtyping). A protocol with only some of the operators made code that indexes or transposes an
    ArrayLike an error (optax's losses)."""
    return [
        header.rename_import("jax._src.typing", "ArrayLike", "_NdtJaxArrayLike"),
        header.preamble("jax._src.typing"),
        # only names the preamble imports itself: jax 0.12's module no longer imports Union
        "from typing import Any as _NdtAnyType, Protocol as _NdtProtocol, Union as _NdtUnion",
        "from jax._src.basearray import _NdtPlainArray",
        "class _NdtArrayLikeNDArray(_NdtPlainArray, _NdtProtocol):",
        '  """An ndtyping array (anything with `__array__`) where jax.typing.ArrayLike is asked for."""',
        "  def __array__(self) -> _NdtAnyType: ...",
        "ArrayLike = _NdtUnion[_NdtJaxArrayLike, _NdtArrayLikeNDArray]",
    ]


# jax.lax: functions that keep the shape and dtype of their (first) array argument
LAX_UNARY = [
    "rsqrt", "exp", "log", "tanh", "logistic", "sqrt", "abs", "neg", "sin", "cos", "erf", "log1p", "expm1",
    "sign", "floor", "ceil", "round", "square", "reciprocal", "cbrt", "exp2", "tan",
]  # fmt: skip
LAX_BINARY = ["add", "sub", "mul", "div", "max", "min", "pow", "atan2", "rem"]  # lax requires equal shapes
LAX_PREAMBLE = f"""\
{TYPEVARS}
from typing import Callable as _NdtCallable, overload as _ndt_overload
from jax.numpy import _NdtJaxArray
from jax._src.basearray import Array as _NdtLaxArray
_NdtCarry = _NdtTypeVar("_NdtCarry")
_NdtX = _NdtTypeVar("_NdtX")
_NdtY = _NdtTypeVar("_NdtY")
_NdtT = _NdtTypeVar("_NdtT")
_NdtS = _NdtTypeVarTuple("_NdtS", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtS2 = _NdtTypeVarTuple("_NdtS2", default=_NdtUnpack[tuple[_NdtAny, ...]])
"""


def lax() -> list[str]:
    """jax.lax: elementwise functions keep the shape, select takes its branches' shape, and scan
    stacks its per-step outputs along a new leading axis. jax.lax's module re-exports jax's
    functions (a source file, not a stub), so each is imported under another name and defined
    here as overloads with an implementation that calls jax's (what runs at runtime)."""
    names = [*LAX_UNARY, *LAX_BINARY, "select", "scan", "top_k"]
    out = [header.rename_import("jax.lax", name, f"_NdtJax_{name}") for name in names]
    out += [header.preamble("jax.lax"), LAX_PREAMBLE]
    same = arr("_NdtD", "_NdtSh")
    for name in LAX_UNARY:
        out += [
            f"@_ndt_overload\ndef {name}(x: {same}, /, **kwargs: _NdtAny) -> {res('_NdtD', '_NdtSh')}: ...",
            f"@_ndt_overload\ndef {name}(x: _NdtAny, /, **kwargs: _NdtAny) -> _NdtLaxArray: ...",
            f"def {name}(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_{name}(*args, **kwargs)",
        ]
    for name in LAX_BINARY:
        out += [
            f"@_ndt_overload\ndef {name}(x: {same}, y: {same}, /) -> {res('_NdtD', '_NdtSh')}: ...",
            f"@_ndt_overload\ndef {name}(x: {same}, y: int | float, /) -> {res('_NdtD', '_NdtSh')}: ...",
            f"@_ndt_overload\ndef {name}(x: _NdtAny, y: _NdtAny, /) -> _NdtLaxArray: ...",
            f"def {name}(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_{name}(*args, **kwargs)",
        ]
    out += [
        f"@_ndt_overload\ndef select(pred: _NdtAny, on_true: {same}, on_false: {same}) -> {res('_NdtD', '_NdtSh')}: ...",
        "@_ndt_overload\ndef select(pred: _NdtAny, on_true: _NdtAny, on_false: _NdtAny) -> _NdtLaxArray: ...",
        "def select(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_select(*args, **kwargs)",
        # scan over an ndtyping array: the step takes one slice (the leading axis dropped) and its
        # output is stacked along a new leading axis of the same length
        "@_ndt_overload\ndef scan(\n"
        f"    f: _NdtCallable[[_NdtCarry, {arr_protocol('_NdtD', 'tuple[_NdtUnpack[_NdtS]]')}], tuple[_NdtCarry, {arr('_NdtD2', 'tuple[_NdtUnpack[_NdtS2]]')}]],\n"
        f"    init: _NdtCarry, xs: {arr('_NdtD', 'tuple[_NdtA, _NdtUnpack[_NdtS]]')}, length: int | None = None, reverse: bool = False,\n"
        "    unroll: int | bool = 1, _split_transpose: bool = False,\n"
        f") -> tuple[_NdtCarry, {res('_NdtD2', 'tuple[_NdtA, _NdtUnpack[_NdtS2]]')}]: ...",
        # any other scan: jax's own typing, but with the per-step output stacked (its type unknown)
        "@_ndt_overload\ndef scan(\n"
        "    f: _NdtCallable[[_NdtCarry, _NdtAny], tuple[_NdtCarry, _NdtAny]], init: _NdtCarry, xs: _NdtAny = None,\n"
        "    length: int | None = None, reverse: bool = False, unroll: int | bool = 1, _split_transpose: bool = False,\n"
        ") -> tuple[_NdtCarry, _NdtAny]: ...",
        # a carry whose types differ between init and the step (an NDArray init, a jax.Array step)
        "@_ndt_overload\ndef scan(f: _NdtCallable[..., _NdtAny], init: _NdtAny, xs: _NdtAny = None, length: int | None = None,\n"
        "         reverse: bool = False, unroll: int | bool = 1, _split_transpose: bool = False) -> tuple[_NdtAny, _NdtAny]: ...",
        "def scan(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_scan(*args, **kwargs)",
        # top_k along the last axis: the values and their int32 indices, k of them (a size unknown)
        f"@_ndt_overload\ndef top_k(operand: {arr('_NdtD', tup([REST, '_NdtA']))}, k: int, *, axis: _NdtLiteral[-1] = -1, is_stable: bool = True)"
        f" -> tuple[{res('_NdtD', tup([REST, '_NdtAny']))}, {res(INT, tup([REST, '_NdtAny']))}]: ...",
        "@_ndt_overload\ndef top_k(operand: _NdtAny, k: int, *, axis: int = -1, is_stable: bool = True) -> tuple[_NdtLaxArray, _NdtLaxArray]: ...",
        "def top_k(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_top_k(*args, **kwargs)",
    ]
    return out


# jax's dtype objects that the overlay declares as the numpy scalar types they stand for, so that
# `dtype=jnp.float32` and `x.astype(jnp.int32)` solve a dtype as `np.float32` does. jax's stubs
# declare them `Any` (jax 0.10) or one `_ScalarType` for all (later), and a creation given one
# lost its shape as well (`jnp.zeros((n, d), dtype=jnp.float32)` was a plain jax.Array). The
# 64-bit names stay jax's: without x64, jax makes them 32-bit arrays. Calling one
# (`jnp.float32(0.5)`) is typed as numpy's scalar, which arithmetic treats alike.
JAX_DTYPE_OBJECTS = ["bool_", "int8", "int16", "int32", "uint8", "uint16", "uint32", "float16", "float32", "complex64"]


def dtype_objects() -> list[str]:
    return [header.retype("jax.numpy", name, f"type[_ndt_np.{name}]") for name in JAX_DTYPE_OBJECTS]


OPS_PREAMBLE = f"""\
{TYPEVARS}
from typing import overload as _ndt_overload
from jax.numpy import _NdtJaxArray, _NdtS0
from jax._src.basearray import Array as _NdtOpsArray
"""
SEGMENT_REDUCTIONS = ["segment_sum", "segment_prod", "segment_max", "segment_min"]


def ops() -> list[str]:
    """jax.ops: the segment reductions of `data` `(A, *Rest)` into `num_segments` segments are
    `(N, *Rest)` of data's dtype, N the dimension of a count read from `x.shape` (`num_segments=
    g.nodes.shape[0]`, a graph network's aggregation) or a literal count; an `int` count gives an
    unknown first axis, no count (jax computes it) jax's own result. jax.ops re-exports jax's
    functions (a source file), so each is defined here with an implementation that calls jax's."""
    out = [header.rename_import("jax.ops", name, f"_NdtJax_{name}") for name in SEGMENT_REDUCTIONS]
    out += [header.preamble("jax.ops"), OPS_PREAMBLE]
    data = arr("_NdtD", "tuple[_NdtA, _NdtUnpack[_NdtRest]]")
    rest = "indices_are_sorted: bool = False, unique_indices: bool = False, bucket_size: int | None = None, mode: _NdtAny = None"
    for name in SEGMENT_REDUCTIONS:
        for count, first in (("_NdtDimSize[_NdtB]", "_NdtB"), (SIZES[0], SIZES[0]), ("int", "_NdtAny")):
            params = f"data: {data}, segment_ids: _NdtAny, num_segments: {count}, {rest}"
            out.append(
                f"@_ndt_overload\ndef {name}({params}) -> {res('_NdtD', f'tuple[{first}, _NdtUnpack[_NdtRest]]')}: ..."
            )
        out += [
            f"@_ndt_overload\ndef {name}(data: _NdtAny, segment_ids: _NdtAny, num_segments: _NdtAny = None, {rest}) -> _NdtOpsArray: ...",
            f"def {name}(*args: _NdtAny, **kwargs: _NdtAny) -> _NdtAny:\n    return _NdtJax_{name}(*args, **kwargs)",
        ]
    return out


def sections() -> list[str]:
    return [
        header.rename_import("jax.numpy", "ArrayLike", "_NdtJaxArrayLike"),
        header.preamble("jax.numpy"), jax_numpy_preamble(),
        *reductions(), *layout(), *products(), *elementwise(), *keep_shape(), *creation(), *joins(), *einsum(), *nn(),
        *basearray_patch(), *typing_patch(), *linalg(), *lax(), *scipy_special(), *scipy_linalg(), *random(), *ops(), *dtype_objects(),
        header.rename_import("jax", "vmap", "_NdtJaxVmap"), header.rename_import("jax", "grad", "_NdtJaxGrad"),
        header.rename_import("jax", "value_and_grad", "_NdtJaxValueAndGrad"), header.preamble("jax"), VMAP, *vmap_in_axes_overloads(), VMAP_REST, GRAD,
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    return write_template(TARGET, __file__, "jax.numpy and jax.nn", "jax's", sections(), argv)


if __name__ == "__main__":
    raise SystemExit(main())
