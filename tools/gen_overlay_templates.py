"""Generate stubs/numpy/overlay.stub: ndtyping's shape-aware numpy overloads.

Run `python -m tools.gen_overlay_templates` to rewrite the template, `--check` to fail when the
committed file is stale (the test suite does that). The template holds only ndtyping's own
overloads; `ndtyping._static.overlay` inserts them ahead of numpy's, in the stubs numpy installed, when
it builds the overlay on a user's machine (see that module for the section format).

The overloads are written for ndtyping arrays (`ShapedArray[D, tuple[...]]`, i.e.
`NDArray[D, ...]`). numpy arrays satisfy that protocol too, so each function starts with one
guard overload that hands numpy arrays numpy's own result type (`| Any`, so that an `Any`
argument still gives `Any`); unary ufuncs, clip, where and reshape keep a second, numpy-array
family (one or two overloads) that also computes a numpy array's shape. numpy scalars (shape `()`)
are kept out of the elementwise patterns by a non-empty shape bound. Anything else (lists, a
computed axis, `out=`, a `dtype=`) falls through to numpy's overloads.

The order of the overloads is pyright's cost (docs/dev/pyright-performance.md): pyright tries
overloads in order and evaluates a call's argument expressions again for every overload it
tries, with that overload's parameter type as the expected type, so a nested call costs the
product of the overloads tried at each level. Hence: the likely patterns first (axis 0 and -1,
float dtypes, matrices), rank-agnostic patterns where one covers every rank, and no union-typed
parameter ahead of the array patterns.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import permutations
from pathlib import Path

from ndtyping._static import template_sections as header

from . import _join_rules as join_rules, _shape_rules as shape_rules
from ._generated import write_template
from ._readable import DOT_RULES, LETTERS, MATMUL_RULES, ONE, REST, SUFFIX_LETTERS, dtype_given
from ._shape_rules import (
    WHERE_BRANCH_BROADCASTS,
    WHERE_LARGER_MASKS,
    WHERE_MASKS,
    Family,
    einsum_groups,
    einsum_shapes,
    lenient_shape_pairs,
    linalg_overloads,
    named_tuple_classes,
)

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "stubs" / "numpy" / "overlay.stub"

SIZES = ["_NdtS0", "_NdtS1", "_NdtS2", "_NdtS3"]  # literal sizes of creation functions
# A tuple of literal sizes of any rank, as one type variable: the creation functions' and reshape's
# shape. Not a tuple of SIZES: pyright checks `ndarray[tuple[Size0, Size1], ...]` against
# ndarray's shape bound (`tuple[int, ...]`) once per overload as it reads it, expanding each
# size's 129-literal bound quadratically (about 10 ms a size; np.full's 44 overloads cost 0.65 s
# CPU in a file whose only call is `np.full(3, 1.0)`); a tuple type variable is checked once,
# linearly. docs/dev/pyright-performance.md.
LITERAL_SHAPE = "_NdtShLit"
# Likelihood order of a literal axis: the cost of a call grows with the overloads tried first.
AXES = [0, -1, 1, -2, 2, -3, 3, -4]
# Creation functions and reshape keep literal sizes up to this bound (pyright widens an unbounded
# TypeVar's literal solution to int; one bound by a Literal union keeps it). Larger sizes fall
# through to numpy's own. The bound's cost grows faster than its size: per call, 0..128 costs
# nothing measurable, 0..256 about 70 ms, 0..1024 about 0.9 s (docs/dev/pyright-performance.md).
MAX_LITERAL_SIZE = 128

PREAMBLE = (
    """\
import numpy as _ndt_np
import numpy._typing as _ndt_nbit
from typing import Any as _NdtAny, Literal as _NdtLiteral, SupportsIndex as _NdtIndex, overload
from builtins import bool as _NdtBool  # numpy's modules bind `bool` to numpy.bool
from typing_extensions import Never as _NdtNever, TypeVar as _NdtTypeVar, TypeVarTuple as _NdtTypeVarTuple, Unpack as _NdtUnpack
from ndtyping._surface.ndarray import ShapedArray as _NdtArray
from ndtyping._surface.ndarray import DimSize as _NdtDimSize  # a size from `x.shape` naming its dimension
_NdtD = _NdtTypeVar("_NdtD", bound=_ndt_np.generic)
_NdtDInexact = _NdtTypeVar("_NdtDInexact", bound=_ndt_np.inexact[_NdtAny])
_NdtDOther = _NdtTypeVar("_NdtDOther", bound=_ndt_np.integer[_NdtAny] | _ndt_np.bool_)
# the dtypes sum and prod keep: inexact ones, and the 64-bit integers (narrower integers and bools
# accumulate in the platform's integer, which the IntOrBool rules leave an abstract integer)
_NdtDSumKept = _NdtTypeVar("_NdtDSumKept", bound=_ndt_np.inexact[_NdtAny] | _ndt_np.int64 | _ndt_np.uint64)
_NdtDInteger = _NdtTypeVar("_NdtDInteger", bound=_ndt_np.integer[_NdtAny])
_NdtDNumber = _NdtTypeVar("_NdtDNumber", bound=_ndt_np.number[_NdtAny])
_NdtDReal = _NdtTypeVar("_NdtDReal", bound=_ndt_np.floating[_NdtAny] | _ndt_np.integer[_NdtAny])
_NdtDFloat = _NdtTypeVar("_NdtDFloat", bound=_ndt_np.floating[_NdtAny])
_NdtDComplex = _NdtTypeVar("_NdtDComplex", bound=_ndt_np.complexfloating[_NdtAny, _NdtAny])
# Defaults: an array of unknown shape (tuple[Any, ...]) leaves these unsolved; they must then
# read as Any, not Unknown, or strict mode would flag every result.
"""
    + "\n".join(f'{name} = _NdtTypeVar("{name}", default=_NdtAny)' for name in LETTERS + SUFFIX_LETTERS)
    + """
_NdtRest = _NdtTypeVarTuple("_NdtRest", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtSh = _NdtTypeVar("_NdtSh", bound=tuple[_NdtAny, ...])
_NdtNumpyArray = _NdtTypeVar("_NdtNumpyArray", bound=_ndt_np.ndarray[_NdtAny, _NdtAny])
# Any shape but (): numpy scalars satisfy the ShapedArray protocol with shape (), and must keep
# numpy's own results. pyright accepts a variadic `tuple[*Shape]` here.
_NdtShNE = _NdtTypeVar("_NdtShNE", bound=tuple[_NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]])
from collections.abc import Sequence as _NdtSequence
from numpy._typing import ArrayLike as _NdtArrayLike
from numpy._typing._nested_sequence import _NestedSequence as _NdtNestedSequence
from typing_extensions import Buffer as _NdtBuffer
# numpy's ArrayLike without its `__array__` protocol, which every ndtyping array satisfies: the
# narrowed fallbacks of the functions whose shapes ndtyping checks (matmul, dot) take this. A
# buffer, and a sequence of anything (which no ndtyping array is), stay: an argument typed
# `npt.ArrayLike` is matched member by member, and its buffer member and its sequences of
# `__array__` objects were no longer taken (`np.add(p, 1)` of a `p: npt.ArrayLike` was an error).
_NdtStrictArrayLike = (
    _ndt_np.ndarray[_NdtAny, _NdtAny] | _ndt_np.generic | _NdtNestedSequence[_NdtAny] | complex | bytes | str | _NdtBuffer
)"""
)

SIZES_PREAMBLE = (
    "_NdtSize = _NdtLiteral["
    + ", ".join(str(n) for n in range(MAX_LITERAL_SIZE + 1))
    + "]\n"
    + "\n".join(f'{name} = _NdtTypeVar("{name}", bound=_NdtSize)' for name in SIZES)
    + f'\n{LITERAL_SHAPE} = _NdtTypeVar("{LITERAL_SHAPE}", bound=tuple[_NdtSize, ...])'
)


def tup(items: list[str]) -> str:
    return f"tuple[{', '.join(items)}]" if items else "tuple[()]"


def numpy_array(shape: str, dtype: str) -> str:
    return f"_ndt_np.ndarray[{shape}, _ndt_np.dtype[{dtype}]]"


def shaped_array(shape: str, dtype: str) -> str:
    return f"_NdtArray[{dtype}, {shape}]"


def dim_array(shape: str, dtype: str) -> str:
    """The result of a creation function given sizes read from `x.shape` (DimSize): an ndtyping
    array, not a numpy one. Its shape names the user's dimensions, so a clash with another
    ndtyping array must be an error; a numpy array on the right of an ndtyping operator that
    rejects it is handed to numpy's reflected operator (`ndarray.__rmatmul__`), which takes any
    array-like and returned an unknown shape (`x.T @ np.zeros(p)` of `(P, N)` and `(P,)`)."""
    return shaped_array(shape, dtype)


FAMILIES = (numpy_array, shaped_array)  # numpy first: numpy arrays satisfy the ShapedArray protocol


# Functions whose numpy-array family is replaced by one guard overload (see guarded()).
GUARDED = (shaped_array,)


def kinds(
    dtype_in: str, dtype_out: str, shape_in: list[str], shape_out: list[str], families: tuple = GUARDED
) -> list[tuple[str, str]]:
    """(input type, output type) for each family of arrays."""
    return [(family(tup(shape_in), dtype_in), family(tup(shape_out), dtype_out)) for family in families]


def loose(result: str) -> str:
    """numpy's result type, `| Any`: an `Any` argument matches every overload, and pyright then
    gives `Any` only if the first match's result contains `Any` (else Unknown, an error in strict
    mode). For a real numpy array the `| Any` half changes little: pyright still checks the rest."""
    return f"{result} | _NdtAny"


def guarded(name: str, params: str, result: str) -> str:
    """The first overload of a function: numpy arrays get numpy's own result type here.

    numpy arrays satisfy the ShapedArray protocol, so without it they would come out of the
    ndtyping overloads as ndtyping arrays. One guard instead of a numpy-array copy of every
    pattern halves the overloads pyright tries for an ndtyping array, at each level of nesting.
    """
    return overload(name, params, result)


def axis_pattern(axis: int) -> tuple[list[str], list[str], list[str]]:
    """(shape in, shape without the axis, shape with the axis as 1) for a literal axis."""
    if axis >= 0:
        before, target = LETTERS[:axis], LETTERS[axis]
        return [*before, target, REST], [*before, REST], [*before, ONE, REST]
    after = SUFFIX_LETTERS[: -axis - 1][::-1]
    target = SUFFIX_LETTERS[-axis - 1]
    return [REST, target, *after], [REST, *after], [REST, ONE, *after]


def overload(name: str, params: str, result: str) -> str:
    return f"@overload\ndef {name}({params}) -> {result}: ..."


# name -> (params after `a, axis`, dtype families [(dtype in, dtype out)], floats first)
REDUCTIONS = {
    "sum": (
        "dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny",
        [("_NdtDSumKept", "_NdtDSumKept"), ("_NdtDOther", "_ndt_np.integer[_NdtAny]")],
    ),
    "prod": (
        "dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny",
        [("_NdtDSumKept", "_NdtDSumKept"), ("_NdtDOther", "_ndt_np.integer[_NdtAny]")],
    ),
    "mean": (
        "dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny",
        [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.float64")],
    ),
    "std": (
        "dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny",
        [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.float64")],
    ),
    "var": (
        "dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny",
        [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.float64")],
    ),
    "amax": ("out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtD", "_NdtD")]),
    "amin": ("out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtD", "_NdtD")]),
    "any": ("out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtD", "_ndt_np.bool_")]),
    "all": ("out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtD", "_ndt_np.bool_")]),
    "argmax": ("out: None = None, *, keepdims: {keep}", [("_NdtD", "_ndt_np.intp")]),
    "argmin": ("out: None = None, *, keepdims: {keep}", [("_NdtD", "_ndt_np.intp")]),
}


def reductions() -> list[str]:
    out = []
    for name, (rest, families) in REDUCTIONS.items():
        out.append(header.before("numpy._core.fromnumeric", name))
        guard_rest = rest.format(keep="bool = False")
        tuples = name not in ("argmax", "argmin")  # these take one axis only
        axis_types = [f"_NdtLiteral[{', '.join(map(str, AXES))}]"] + (["tuple[int, ...]"] if tuples else [])
        for axis_type in axis_types:
            out.append(
                guarded(name, f"a: _ndt_np.ndarray[_NdtAny, _NdtAny], axis: {axis_type}, {guard_rest}", "_NdtAny")
            )
        for dtype_in, dtype_out in families:
            for axes in [*AXES, *(AXIS_TUPLES if tuples else [])]:
                shape_in, shape_drop, shape_keep = axes_pattern(axes)
                axis_type = (
                    f"_NdtLiteral[{axes}]" if isinstance(axes, int) else tup([f"_NdtLiteral[{a}]" for a in axes])
                )
                # keepdims=True is keyword-only without a default: calls without it skip those
                # overloads in pyright's arity filter, before any argument is evaluated.
                for keep, shape_out in (("_NdtLiteral[False] = False", shape_drop), ("_NdtLiteral[True]", shape_keep)):
                    for arg, result in kinds(dtype_in, dtype_out, shape_in, shape_out):
                        params = f"a: {arg}, axis: {axis_type}, " + rest.format(keep=keep)
                        out.append(overload(name, params, result))
    return out


# The literal tuples of axes a reduction types, rank-agnostic (leading axes, trailing axes, or
# both), ascending as written; the likely ones first. Each costs 4 overloads per function, and
# pyright evaluates every overload's signature once per run for each function used. Measured
# (CPU of `ndtyping check` on tests/typing/realistic/plain, 2 shared cores): all 31 tuples of two
# or more of 0..3, of -4..-1 and of (0, 1) with (-2, -1): 12.3-13.1 s against main's 11.2-12.0 s;
# these 12: 10.0-10.8 s against 9.3-13.0 s, within the noise.
AXIS_TUPLES = [
    (-2, -1), (0, 1), (1, 2), (0, 2), (2, 3), (1, 2, 3), (0, 2, 3), (0, 1, 2), (0, -1), (-3, -2, -1),
    (1, 3), (0, 1, 2, 3),
]  # fmt: skip


def axes_pattern(axes: int | tuple[int, ...]) -> tuple[list[str], list[str], list[str]]:
    """(shape in, shape without the axes, shape with the axes as 1) for a literal axis or a
    literal tuple of axes: letters for the leading axes up to the largest one named, `*Rest`,
    letters for the trailing axes down to the smallest negative one named."""
    named = (axes,) if isinstance(axes, int) else axes
    lead = max((a for a in named if a >= 0), default=-1) + 1
    trail = -min((a for a in named if a < 0), default=0)
    head, tail = LETTERS[:lead], SUFFIX_LETTERS[:trail][::-1]
    dropped = {LETTERS[a] if a >= 0 else SUFFIX_LETTERS[-a - 1] for a in named}
    shape_in = [*head, REST, *tail]
    return (
        shape_in,
        [label for label in shape_in if label not in dropped],
        [ONE if label in dropped else label for label in shape_in],
    )


def _apply_axes(kind: str, labels: list[str], i: int, j: int) -> list[str]:
    rank = len(labels)
    new = list(labels)
    ii, jj = i % rank, j % rank
    if kind == "swap":
        new[ii], new[jj] = new[jj], new[ii]
    else:
        new.insert(jj, new.pop(ii))
    return new


def axis_pair_pattern(kind: str, i: int, j: int) -> tuple[list[str], list[str]] | None:
    """A rank-agnostic (shape in, shape out) for swapaxes/moveaxis(i, j), or None.

    The pattern is prefix letters, `*Rest`, suffix letters, the fewest letters that work: it is
    kept only when it gives numpy's result for every length of Rest (checked on labelled shapes
    with Rest of length 0 to 4).
    """
    for size in range(2, 9):
        for prefix in range(size + 1):
            suffix = size - prefix
            if max(i, j) >= prefix or -min(i, j) > suffix:  # every axis named must be a letter
                continue
            head, tail = LETTERS[:prefix], SUFFIX_LETTERS[:suffix][::-1]
            symbolic = [_collapse(_apply_axes(kind, head + _rest(n) + tail, i, j)) for n in range(1, 5)]
            if symbolic[0] is None or any(s != symbolic[0] for s in symbolic):
                continue
            empty = [label for label in symbolic[0] if label != REST]
            if _apply_axes(kind, head + tail, i, j) == empty:
                return head + [REST] + tail, symbolic[0]
    return None


def _rest(length: int) -> list[str]:
    return [f"_R{n}" for n in range(length)]


def _collapse(labels: list[str]) -> list[str] | None:
    """Replace the `_R*` labels by `*Rest`; None unless they form one run, in order."""
    where = [n for n, label in enumerate(labels) if label.startswith("_R")]
    if where != list(range(where[0], where[0] + len(where))) or [labels[n] for n in where] != _rest(len(where)):
        return None
    return labels[: where[0]] + [REST] + labels[where[-1] + 1 :]


PREFERRED_PAIRS = [(-1, -2), (-2, -1), (0, 1), (1, 0), (1, 2), (2, 1), (0, -1), (-1, 0), (0, 2), (2, 0)]


def axis_pairs(kind: str) -> list[tuple[int, int, list[str], list[str]]]:
    """(i, j, shape in, shape out) for swapaxes/moveaxis: rank-agnostic patterns for the literal
    axes 0..3 and -1..-4 that apply to some rank up to 4, then rank-specific ones (ranks 2-4)
    for the pairs whose pattern needs more axes than the array has."""
    values = [0, 1, 2, 3, -1, -2, -3, -4]
    likelihood = {axis: n for n, axis in enumerate(AXES)}

    def order(pair: tuple[int, int]) -> tuple[int, int, int]:
        if pair in PREFERRED_PAIRS:
            return (0, PREFERRED_PAIRS.index(pair), 0)
        return (1, max(likelihood[pair[0]], likelihood[pair[1]]), likelihood[pair[0]])

    rows = []
    for i, j in sorted(permutations(values, 2), key=order):
        found = axis_pair_pattern(kind, i, j)
        if found is not None and len(found[0]) - 1 <= 4:
            rows.append((i, j, *found))
    for rank in range(2, 5):
        shape = LETTERS[:rank]
        for i, j in permutations([*range(rank), -1, -2], 2):
            if i % rank == j % rank or _general_fits(kind, i, j, rank):
                continue
            rows.append((i, j, shape, _apply_axes(kind, shape, i, j)))
    return rows


def _general_fits(kind: str, i: int, j: int, rank: int) -> bool:
    found = axis_pair_pattern(kind, i, j)
    return found is not None and len(found[0]) - 1 <= rank


def transpose_permutations() -> list[tuple[list[str], tuple[int, ...], list[str]]]:
    """(shape in, axes, shape out) for every permutation of ranks 3, 2 and 4 (the identity too)."""
    rows = []
    for rank in (3, 2, 4):
        shape = LETTERS[:rank]
        for axes in permutations(range(rank)):
            rows.append((shape, axes, [shape[axis] for axis in axes]))
    return rows


def layout() -> list[str]:
    numpy_result = loose(numpy_array("tuple[_NdtAny, ...]", "_NdtD"))
    numpy_arg = numpy_array("_NdtAny", "_NdtD")
    out = [header.before("numpy._core.fromnumeric", "transpose")]
    out.append(guarded("transpose", f"a: {numpy_arg}, axes: _NdtSequence[int] | None = None", numpy_result))
    for rank in (2, 3, 4, 1):
        shape_in = LETTERS[:rank]
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_in[::-1]):
            out.append(overload("transpose", f"a: {arg}, axes: None = None", result))
    for shape_in, axes, shape_out in transpose_permutations():
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_out):
            axes_type = tup([f"_NdtLiteral[{axis}]" for axis in axes])
            out.append(overload("transpose", f"a: {arg}, axes: {axes_type}", result))
    out.append(header.before("numpy._core.fromnumeric", "swapaxes"))
    out.append(guarded("swapaxes", f"a: {numpy_arg}, axis1: _NdtIndex, axis2: _NdtIndex", numpy_result))
    for i, j, shape_in, shape_out in axis_pairs("swap"):
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_out):
            out.append(overload("swapaxes", f"a: {arg}, axis1: _NdtLiteral[{i}], axis2: _NdtLiteral[{j}]", result))
    out.append(header.before("numpy._core.numeric", "moveaxis"))
    out.append(guarded("moveaxis", f"a: {numpy_arg}, source: int, destination: int", numpy_result))
    for i, j, shape_in, shape_out in axis_pairs("move"):
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_out):
            out.append(
                overload("moveaxis", f"a: {arg}, source: _NdtLiteral[{i}], destination: _NdtLiteral[{j}]", result)
            )
    # the diagonal of a square matrix, or of a stack of them: numpy's default axes (0, 1) put it
    # last, `(A, A, *Rest)` -> `(*Rest, A)`; `axis1=-2, axis2=-1` (batched matrices, `np.diagonal(L,
    # axis1=-2, axis2=-1)` of a Cholesky factor) take the last two. An offset or other axes, or a
    # matrix that is not square (the length is the smaller size), get numpy's own result.
    a = LETTERS[0]
    out.append(header.before("numpy._core.fromnumeric", "diagonal"))
    diagonal_params = "offset: _NdtIndex = 0, axis1: _NdtIndex = 0, axis2: _NdtIndex = 1"
    out.append(guarded("diagonal", f"a: {numpy_arg}, {diagonal_params}", numpy_result))
    for arg, result in kinds("_NdtD", "_NdtD", [a, a, REST], [REST, a]):
        params = "offset: _NdtLiteral[0] = 0, axis1: _NdtLiteral[0] = 0, axis2: _NdtLiteral[1] = 1"
        out.append(overload("diagonal", f"a: {arg}, {params}", result))
    for arg, result in kinds("_NdtD", "_NdtD", [REST, a, a], [REST, a]):
        params = "offset: _NdtLiteral[0] = 0, *, axis1: _NdtLiteral[-2], axis2: _NdtLiteral[-1]"
        out.append(overload("diagonal", f"a: {arg}, {params}", result))
    # repeat: the repeated axis has an unknown length (numpy's own types it `int`, which no dimension
    # holds: `np.repeat(np.arange(g), sizes)` returned as `NDArray[int64, N]` was an error); without
    # an axis, a vector; axes 0, 1 and -1 of an ndtyping array keep the others; numpy arrays given
    # an axis keep numpy's own result
    out.append(header.before("numpy._core.fromnumeric", "repeat"))
    out.append(
        guarded(
            "repeat",
            f"a: {numpy_arg}, repeats: _NdtAny, axis: None = None",
            loose(numpy_array("tuple[_NdtAny]", "_NdtD")),
        )
    )
    out.append(guarded("repeat", f"a: {numpy_arg}, repeats: _NdtAny, axis: _NdtIndex", numpy_result))
    vector = shaped_array("tuple[_NdtAny]", "_NdtD")
    out.append(
        overload("repeat", f"a: {shaped_array('_NdtAny', '_NdtD')}, repeats: _NdtAny, axis: None = None", vector)
    )
    for axis in (0, 1, -1):
        shape_in, _, with_one = axis_pattern(axis)  # the repeated axis where axis_pattern puts a 1
        shape_out = ["_NdtAny" if size == ONE else size for size in with_one]
        params = f"a: {shaped_array(tup(shape_in), '_NdtD')}, repeats: _NdtAny, axis: _NdtLiteral[{axis}]"
        out.append(overload("repeat", params, shaped_array(tup(shape_out), "_NdtD")))
    out.append(header.before("numpy._core.fromnumeric", "squeeze"))
    out.append(guarded("squeeze", f"a: {numpy_arg}, axis: int", numpy_result))
    for axis in AXES:
        shape_in, shape_drop, _ = axis_pattern(axis)
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_drop):
            out.append(overload("squeeze", f"a: {arg}, axis: _NdtLiteral[{axis}]", result))
    out.append(header.before("numpy.lib._shape_base_impl", "expand_dims"))
    out.append(guarded("expand_dims", f"a: {numpy_arg}, axis: int", numpy_result))
    for axis in AXES:
        if axis >= 0:
            before = LETTERS[:axis]
            shape_in, shape_out = [*before, REST], [*before, ONE, REST]
        else:
            after = SUFFIX_LETTERS[: -axis - 1][::-1]
            shape_in, shape_out = [REST, *after], [REST, ONE, *after]
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_out):
            out.append(overload("expand_dims", f"a: {arg}, axis: _NdtLiteral[{axis}]", result))
    out.append(header.before("numpy._core.fromnumeric", "reshape"))
    for family in FAMILIES:  # literal sizes, any rank (LITERAL_SHAPE)
        params = f"a: {family('_NdtAny', '_NdtD')}, /, shape: {LITERAL_SHAPE}, order: _NdtLiteral['A', 'C', 'F'] = 'C', *, copy: bool | None = None"
        result = family(LITERAL_SHAPE, "_NdtD")
        out.append(overload("reshape", params, loose(result) if family is numpy_array else result))
    # a -1 entry: the rank is known, the sizes are not (numpy arrays: numpy's own)
    for rank in range(1, 5):
        for position in range(rank):
            shape = ["int"] * rank
            shape[position] = "_NdtLiteral[-1]"
            for family, size in ((numpy_array, "int"), (shaped_array, "_NdtAny")):
                params = f"a: {family('_NdtAny', '_NdtD')}, /, shape: {tup(shape)}, order: _NdtLiteral['A', 'C', 'F'] = 'C', *, copy: bool | None = None"
                result = family(tup([size] * rank), "_NdtD")  # numpy's own types these sizes int
                out.append(overload("reshape", params, loose(result) if family is numpy_array else result))
    return out


def products() -> list[str]:
    """dot: an array of any rank >= 1 with a matrix or a vector, two rules (`Rest` empty is
    vector.matrix and vector.vector, one axis more matrix.matrix and matrix.vector).

    Every shape rule here is one more that an untyped argument meets (pyright tries all of them
    when an argument is Unknown) and, nested (`dot(dot(a, b), c)`) or in the attribute cycles of an
    untyped class, the cost grows faster than their number: filterpy's kalman_filter.py took 14.3
    s of CPU with four rules, 9.2 s with two, 6.9 s with none (docs/dev/pyright-performance.md, 17).
    Overloads without type variables cost little. So the guard also takes a sequence or a scalar
    first (numpy's result, Any, either way), and one tail takes the rest.
    """
    out = [header.before("numpy._core.multiarray", "dot")]
    other = "_ndt_np.ndarray[_NdtAny, _NdtAny] | _NdtNestedSequence[_NdtAny] | complex"
    out.append(guarded("dot", f"a: {other}, b: _NdtArrayLike, out: None = None", "_NdtAny"))
    for left, right, result_shape in DOT_RULES:
        params = f"a: {shaped_array(tup(left), '_NdtD')}, b: {shaped_array(tup(right), '_NdtD')}, out: None = None"
        out.append(overload("dot", params, shaped_array(tup(result_shape), "_NdtD")))
    # the rest with an ndtyping array first: a 3-d or larger second array (a sum over its
    # second-to-last axis), a numpy array, a sequence or a scalar: numpy's result
    big = shaped_array("tuple[_NdtAny, _NdtAny, _NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]]", "_NdtAny")
    out += strict_tail("dot", "a", "b", ", out: None = None", "_NdtAny", left_guarded=True, more_right=big)
    out.append(
        overload(
            "dot",
            "a: _NdtArray[_NdtAny, _NdtAny], b: _NdtArray[_NdtAny, _NdtAny], out: _ndt_np.ndarray[_NdtAny, _NdtAny]",
            "_NdtAny",
        )
    )
    out.append(header.narrow("numpy._core.multiarray", "dot", "ArrayLike", "_NdtStrictArrayLike"))
    return out


# Elementwise ufuncs by the dtype of their result (numpy 2.x, measured on seven dtypes): the same
# dtype for numbers, or a float for integer and bool arrays (INT_WIDE etc. below). bool arrays fall
# through to numpy's own overloads where the result is not bool (bool - bool raises, bool ** bool
# is int8). The classes that carry each rule: BINARY_CLASSES and UNARY_CLASSES.
BINARY = [
    "add", "subtract", "multiply", "power", "maximum", "minimum", "floor_divide", "remainder", "fmod",
    "fmax", "fmin",
]  # fmt: skip
BINARY_FLOAT = ["arctan2", "hypot", "logaddexp", "logaddexp2", "copysign"]
UNARY = ["negative", "positive", "sign", "conjugate", "square", "reciprocal", "floor", "ceil", "trunc"]
UNARY_FLOAT = [
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "sin", "cos", "tan",
    "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "rint",
    "fabs", "deg2rad", "rad2deg", "degrees", "radians",
]  # fmt: skip
# divide (float64 for integers), absolute (complex -> float) and float_power (float64 for reals)
# have classes of their own.


# What the first overload of a narrowed ufunc gives numpy's own result: a numpy array, or an array of
# unknown shape (`Never` is met by `Any` only): the `__array__` member of an argument typed
# `npt.ArrayLike`, which pyright matches member by member once the whole union fits no overload
# (the narrowed fallback does not take that member). Without it, that member met ndtyping's rules,
# and `np.add(p, 1)` had an ndtyping array in its union, which no `npt.NDArray` target took.
UNSHAPED = "_ndt_np.ndarray[_NdtAny, _NdtAny] | _NdtArray[_NdtAny, _NdtNever]"


def ufuncs() -> list[str]:
    """Subclasses of numpy's ufunc types whose __call__ tries ndtyping's overloads first."""
    out = []
    # matmul: every rank by MATMUL_RULES (one overload per rule, docs/dev/pyright-performance.md, 17)
    out.append(header.extend("numpy._typing._ufunc", "_GUFunc_Nin2_Nout1", "_NdtMatmul"))
    out.append("class _NdtMatmul(_GUFunc_Nin2_Nout1[_NameType, _NTypes, _IDType, _Signature]):")
    out.append(indent(guarded("__call__", f"self, x1: {UNSHAPED}, x2: _NdtArrayLike, /", "_NdtAny")))
    for left, right, result_shape in MATMUL_RULES:
        params = f"self, x1: {shaped_array(tup(left), '_NdtD')}, x2: {shaped_array(tup(right), '_NdtD')}, /"
        out.append(indent(overload("__call__", params, shaped_array(tup(result_shape), "_NdtD"))))
    out += [indent(text) for text in strict_tail("__call__", "self, x1", "x2", ", /", "_NdtAny")]
    # out= or dtype= (a required keyword: calls without it skip these in the arity filter): numpy's
    array = "_NdtArray[_NdtAny, _NdtAny]"
    out.append(
        indent(overload("__call__", f"self, x1: {array}, x2: {array}, /, out: _NdtAny, **kwargs: _NdtAny", "_NdtAny"))
    )
    out.append(
        indent(
            overload("__call__", f"self, x1: {array}, x2: {array}, /, *, dtype: _NdtAny, **kwargs: _NdtAny", "_NdtAny")
        )
    )
    out.append(header.narrow("numpy._typing._ufunc", "_NdtMatmul", "ArrayLike", "_NdtStrictArrayLike"))
    # vecdot (numpy >= 2.0): contracts the last axis, the leading ones broadcast as equal or absent
    out.append(header.extend("numpy._typing._ufunc", "_GUFunc_Nin2_Nout1", "_NdtVecdot"))
    out.append("class _NdtVecdot(_GUFunc_Nin2_Nout1[_NameType, _NTypes, _IDType, _Signature]):")
    out.append(
        indent(guarded("__call__", "self, x1: _ndt_np.ndarray[_NdtAny, _NdtAny], x2: _NdtArrayLike, /", "_NdtAny"))
    )
    a = LETTERS[0]
    for left, right in (([REST, a], [REST, a]), ([REST, a], [a])):
        for family in GUARDED:
            params = f"self, x1: {family(tup(left), '_NdtD')}, x2: {family(tup(right), '_NdtD')}, /"
            out.append(indent(overload("__call__", params, family(tup([REST]), "_NdtD"))))
    out += elementwise()
    out.append(header.preamble("numpy"))
    classes = sorted([*BINARY_CLASSES, *UNARY_CLASSES, "_NdtMatmul", "_NdtVecdot"])
    out.append("from numpy._typing._ufunc import " + ", ".join(f"{name} as {name}" for name in classes))
    out.append(header.retype("numpy", "matmul", "_NdtMatmul"))
    out.append(header.retype("numpy", "vecdot", "_NdtVecdot"))
    for name, (members, _) in [*BINARY_CLASSES.items(), *UNARY_CLASSES.items()]:
        out += [header.retype("numpy", member, name) for member in members]
    return out


# numpy's own arrays with a Python scalar operand. numpy's stubs type `float32_array / 4` as float64
# and `float32_array * 0.5` as floating[Any]: they cannot tell a Python int or float from an
# integer or float64 array. Python scalars are weak (NEP 50): a floating array keeps its dtype. A
# numpy float64 scalar is a Python float subclass, and strong: float16 and float32 arrays become
# float64 (the first overload); wider floats keep theirs. Integer, complex and bool arrays keep
# numpy's overloads (an integer array with a float is float64, as numpy's stubs say).
SCALAR_OPERATORS = ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow"]


def scalar_operands() -> list[str]:
    out = [
        header.preamble("numpy"),
        "from typing import Any as _NdtScalarAny, TypeVar as _NdtScalarTypeVar",
        '_NdtScalarShape = _NdtScalarTypeVar("_NdtScalarShape", bound=tuple[_NdtScalarAny, ...])',
        '_NdtScalarFloat = _NdtScalarTypeVar("_NdtScalarFloat", bound=floating[_NdtScalarAny])',
    ]
    narrow = "ndarray[_NdtScalarShape, dtype[floating[_32Bit] | floating[_16Bit]]]"
    kept = "ndarray[_NdtScalarShape, dtype[_NdtScalarFloat]]"
    for operator in SCALAR_OPERATORS:
        for name in (f"__{operator}__", f"__r{operator}__"):
            out.append(header.before("numpy", f"ndarray.{name}"))
            out.append(overload(name, f"self: {narrow}, other: float64, /", "ndarray[_NdtScalarShape, dtype[float64]]"))
            out.append(overload(name, f"self: {kept}, other: float, /", kept))
    return out


# numpy's `number` with its operators but no bit width, made the first base of `number` (its own
# operators stay first): jax's ArrayLike names it instead of bare `np.number`, whose bit width is an
# `Any` in an invariant position. By pyright's rule (docs/dev/pyright-performance.md, sections 10
# and 11) an overload match is then never final for a call with an ArrayLike argument, and pyright
# weighed every shape rule of jax.numpy after the plain overload had matched: a loop carrying such a
# value through `jnp.where` (optax's join_schedules, 15 lines) took 30 s, 1.7 s with this class.
# Its operators are as loose as numpy's own `number` declares them (their results are Incomplete).
NUMBER_OPERATORS = ["add", "sub", "mul", "pow", "truediv"]
NUMBER_COMPARISONS = ["lt", "le", "gt", "ge"]


def number_base() -> list[str]:
    feature = "[number-base]"
    out = [
        header.preamble("numpy", feature=feature),
        "from typing import Any as _NdtNumberAny, Generic as _NdtNumberGeneric",
        "from typing_extensions import TypeVar as _NdtNumberTypeVar",
        '_NdtNumberItem = _NdtNumberTypeVar("_NdtNumberItem", bound=complex, default=int | float | complex, covariant=True)',
        "class _NdtNumber(generic[_NdtNumberItem], _NdtNumberGeneric[_NdtNumberItem]):",
        '    """numpy\'s number without its bit width: jax.typing.ArrayLike names it (see ndtyping\'s overlay)"""',
    ]
    out += [f"    def __{name}__(self) -> _NdtNumberAny: ..." for name in ("neg", "pos", "abs")]
    names = [f"__{prefix}{op}__" for op in NUMBER_OPERATORS for prefix in ("", "r")]
    names += [f"__{op}__" for op in NUMBER_COMPARISONS]
    out += [f"    def {name}(self, other: _NdtNumberAny, /) -> _NdtNumberAny: ..." for name in names]
    out.append(header.narrow("numpy", "number", "generic", "_NdtNumber", feature=feature))
    return out


def array_base() -> list[str]:
    """numpy's arrays and scalars derive from ndtyping's `_Shaped` (of unknown dtype; an array of
    its own shape, a scalar of shape `()`), the class the jax overlay's shape rules take: so a numpy
    array given to a jax.numpy function beside an ndtyping array meets the rules with its shape
    (`np.zeros((3, 4))`'s literal sizes too), at a look at its bases (see `_Shaped` in
    tools/gen_ndarray_pyi.py)."""
    feature = "[array-base]"
    return [
        header.preamble("numpy", feature=feature),
        "from typing import Any as _NdtBaseAny",
        "from ndtyping._surface.ndarray import _Shaped as _NdtShaped",
        "from typing import Generic as _NdtBaseGeneric",
        "from typing_extensions import TypeVar as _NdtBaseTypeVar",
        # ndarray's shape parameter, invariant here as in `_Shaped` (ndarray's own is covariant)
        '_NdtBaseShape = _NdtBaseTypeVar("_NdtBaseShape", bound=tuple[_NdtBaseAny, ...], default=tuple[_NdtBaseAny, ...])',
        "class _NdtArrayCommon(_ArrayOrScalarCommon, _NdtShaped[_NdtBaseAny, _NdtBaseShape], _NdtBaseGeneric[_NdtBaseShape]): ...",
        "class _NdtScalarCommon(_ArrayOrScalarCommon, _NdtShaped[_NdtBaseAny, tuple[()]]): ...",
        header.narrow("numpy", "ndarray", "_ArrayOrScalarCommon", "_NdtArrayCommon[_ShapeT_co]", feature=feature),
        header.narrow("numpy", "generic", "_ArrayOrScalarCommon", "_NdtScalarCommon", feature=feature),
    ]


# Integer dtypes by the float numpy computes them in (int8 -> float16, int16 -> float32, int32 and
# int64 -> float64); bool goes with int8.
INT_WIDE = "_ndt_np.integer[_ndt_nbit._64Bit] | _ndt_np.integer[_ndt_nbit._32Bit]"
INT_16 = "_ndt_np.integer[_ndt_nbit._16Bit]"
INT_8 = "_ndt_np.integer[_ndt_nbit._8Bit] | _ndt_np.bool_"
INT_ANY = "_ndt_np.integer[_NdtAny] | _ndt_np.bool_"
FLOAT_ANY = "_ndt_np.floating[_NdtAny]"
FLOAT64 = "_ndt_np.float64"

# Binary ufunc classes: (x1 dtype, x2 array dtype or None, x2 Python scalars or None, result dtype)
# per family, in the order tried; a family with scalars also gets its mirror image (scalar, array).
BINARY_CLASSES = {
    "_NdtBinary": (BINARY, [
        ("_NdtDInexact", "_NdtDInexact", "int | float", "_NdtDInexact"),
        ("_NdtDInteger", "_NdtDInteger", "int", "_NdtDInteger"),
    ]),
    "_NdtBinaryDivide": (["divide"], [
        ("_NdtDInexact", "_NdtDInexact", "int | float", "_NdtDInexact"),
        (INT_ANY, INT_ANY, "int | float", FLOAT64),
    ]),
    "_NdtBinaryFloat": (BINARY_FLOAT, [
        ("_NdtDInexact", "_NdtDInexact", "int | float", "_NdtDInexact"),
        (INT_WIDE, INT_ANY, "int | float", FLOAT64),
        # the narrow integers: float16 or float32 (a uint16 with an int8 array is float64, rare);
        # bool with a Python int, and any of them with a Python float, is float64
        (f"{INT_16} | _ndt_np.integer[_ndt_nbit._8Bit]", f"{INT_16} | {INT_8}", "int", FLOAT_ANY),
        ("_ndt_np.bool_", f"{INT_16} | {INT_8}", None, FLOAT_ANY),
        (f"{INT_16} | {INT_8}", None, "float", FLOAT64),
    ]),
    "_NdtBinaryFloatPower": (["float_power"], [
        (f"_ndt_np.floating[_NdtAny] | {INT_ANY}", f"_ndt_np.floating[_NdtAny] | {INT_ANY}", "int | float", FLOAT64),
    ]),
}  # fmt: skip
# Unary ufunc classes: (x dtype, result dtype) per family.
UNARY_CLASSES = {
    "_NdtUnary": (UNARY, [("_NdtDNumber", "_NdtDNumber")]),
    "_NdtUnaryFloat": (UNARY_FLOAT, [
        ("_NdtDInexact", "_NdtDInexact"), (INT_WIDE, FLOAT64), (INT_16, "_ndt_np.float32"), (INT_8, "_ndt_np.float16"),
    ]),
    "_NdtUnaryAbsolute": (["absolute"], [
        ("_NdtDReal", "_NdtDReal"), ("_ndt_np.complex64", "_ndt_np.float32"), ("_ndt_np.complex128", FLOAT64),
    ]),
}  # fmt: skip


def _shape(items: list[str]) -> Callable[[str], str]:
    return lambda dtype: shaped_array(tup(items), dtype)


def _union(*shapes: list[str]) -> Callable[[str], str]:
    return lambda dtype: " | ".join(shaped_array(tup(items), dtype) for items in shapes)


_A, _B = LETTERS[:2]
# (x1, x2, result shape) of the broadcasting forms beyond same shape / trailing vector / scalar:
# x1 the larger array (a trailing matrix, a size-1 axis of a keepdims result, a 0-d array). The
# result is x1's shape only: a form whose result took axes from x2 (the smaller array first, a
# column with a row) made a call with an `Any` x2 (a dict pytree) Unknown, because the
# overloads that match an `Any` disagree (docs/dev/pyright-performance.md).
BROADCASTS = [
    (_shape([REST, _A, _B]), _union([_A, _B], [REST, _A, ONE], [REST, ONE, _B], [ONE]), tup([REST, _A, _B])),
    (_shape([_A, REST]), _union([ONE, REST]), tup([_A, REST])),
    (lambda dtype: shaped_array("_NdtSh", dtype), _shape([]), "_NdtSh"),
    # pairwise boxes and points, `np.maximum(a[:, None, :2], b[None, :, :2])`: (A, 1, C) with
    # (1, B, C) is (A, B, C), the one form taking an axis from x2 (after the others: an `Any` x2
    # matches them first)
    (_shape([_A, ONE, LETTERS[2]]), _shape([ONE, _B, LETTERS[2]]), tup([_A, _B, LETTERS[2]])),
]


def strict_tail(
    name: str, x1: str, x2: str, rest: str, result: str, *, left_guarded: bool = False, more_right: str = ""
) -> list[str]:
    """What stands between ndtyping's patterns and the library's own overloads, whose array
    parameters are narrowed (`## ...: narrow`) so that they no longer take an ndtyping array.

    A call that fits no pattern is then an error when both arrays are ndtyping arrays (a shape
    mismatch), but not when the other argument is a numpy array (whose shape numpy types with
    `int` sizes), a sequence or a scalar: those get the library's result here. `left_guarded`: the
    guard already takes those first (no overload for them here); `more_right`: more types the
    second argument may have beside an ndtyping array first (one overload instead of two).
    """
    other = "_ndt_np.ndarray[_NdtAny, _NdtAny] | _NdtNestedSequence[_NdtAny] | complex"
    right = f"{more_right} | {other}" if more_right else other
    tail = [overload(name, f"{x1}: _NdtArray[_NdtAny, _NdtAny], {x2}: {right}{rest}", result)]
    if not left_guarded:
        tail.append(overload(name, f"{x1}: {other}, {x2}: _NdtArray[_NdtAny, _NdtAny]{rest}", result))
    return tail


# Binary ufunc classes whose library fallback is narrowed (`## ...: narrow`): two ndtyping arrays of
# one rank whose shapes fit no rule are an error (`np.maximum(a, b.T)`, `np.hypot(gx, gy.T)`: held-out
# 4 np_sobel's (H, W) with (W, H) passed through numpy's own overloads). All of them: the tail is tried
# only by calls that fit no rule (mixed dtype families, other ranks, size-1 axes, numpy arrays and
# sequences with an ndtyping array), measured in docs/dev/corpus-history.md (session 11).
STRICT_BINARY = tuple(BINARY_CLASSES)


# the keywords of a ufunc call besides `out` (numpy's `_UFunc_Kwargs`, and `where`)
UFUNC_KEYWORDS = ("dtype", "where", "casting", "order", "subok", "signature")


def strict_binary_tail() -> list[str]:
    """What stands between a strict binary ufunc's rules and numpy's narrowed overloads: every call
    the library's overloads took that is not two ndtyping arrays of one rank whose shapes clash.

    - an ndtyping array with a numpy array, a sequence, a numpy or Python scalar (either side);
    - two ndtyping arrays of the same shape, any dtypes (the rules above are per dtype family);
    - two ndtyping arrays of different ranks (0-4), or of unknown rank (matched gradually): numpy's
      broadcasting has more forms than the rules above, so an unknown shape, never an error;
    - two of one rank with a size-1 axis anywhere (`(N, 1)` with `(1, M)`): an unknown shape;
    - a keyword (`out=`, `dtype=`, `where=`, `casting=`, ...): the library's result, unchecked;
    - a buffer on either side (an argument typed `npt.ArrayLike` is matched member by member).
    """
    any_array = "_NdtArray[_NdtAny, _NdtAny]"
    other = "_NdtStrictArrayLike"
    unknown = shaped_array("tuple[_NdtAny, ...]", "_NdtAny")
    numpy_any = loose(numpy_array("tuple[_NdtAny, ...]", "_NdtAny"))
    out = [
        overload("__call__", f"self, x1: {other}, x2: {any_array}, /", numpy_any),
        overload(
            "__call__",
            f"self, x1: {shaped_array('_NdtSh', '_NdtAny')}, x2: {shaped_array('_NdtSh', '_NdtAny')}, /",
            shaped_array("_NdtSh", "_NdtAny"),
        ),
    ]
    for x1, x2 in lenient_shape_pairs("_NdtAny", ONE):
        params = f"self, x1: {shaped_array(tup(x1), '_NdtAny')}, x2: {shaped_array(tup(x2), '_NdtAny')}, /"
        out.append(overload("__call__", params, unknown))
    # last of those without a keyword: pyright reports a clash against the last overload that
    # failed on the second argument, and `ndtyping check` names a clash by this parameter's type
    out.append(overload("__call__", f"self, x1: {any_array}, x2: {other}, /", numpy_any))
    # a keyword numpy's overloads take (required here: calls without it skip these by arity), with
    # an ndtyping array, a scalar or a sequence on either side (`np.multiply(x, 2, out=x)`)
    either = f"{any_array} | {other}"
    for keyword in ("/, out: _NdtAny", *(f"/, *, {name}: _NdtAny" for name in UFUNC_KEYWORDS)):
        params = f"self, x1: {either}, x2: {either}, {keyword}, **kwargs: _NdtAny"
        out.append(overload("__call__", params, "_NdtAny"))
    return out


def elementwise() -> list[str]:
    """The binary and unary ufunc classes (the numpy names are retyped to them in ufuncs()).

    Binary: one overload per dtype family covers the three cases that broadcast without a size-1
    axis -- the same shape, a vector along the last axis, a Python scalar -- as a union in `x2`:
    pyright tries overloads in order and re-evaluates a nested argument for each one tried, so
    three overloads cost about three times one at every level of nesting (NOTES.md, section 6).
    """
    a = LETTERS[0]
    out = []
    numpy_any = loose(numpy_array("tuple[_NdtAny, ...]", "_NdtAny"))
    for name, (_, families) in BINARY_CLASSES.items():
        out.append(header.extend("numpy._typing._ufunc", "_UFunc_Nin2_Nout1", name))
        out.append(f"class {name}(_UFunc_Nin2_Nout1[_NameType, _NTypes, _IDType]):")
        guard = f"self, x1: {UNSHAPED}, x2: _NdtArrayLike, /"
        out.append(indent(guarded("__call__", guard, numpy_any)))
        for x1_dtype, x2_dtype, scalars, result in families:
            if x2_dtype:
                # a size-1 last axis in x1 meeting x2's size (`np.maximum(p1, pa)`, (P, 1) and (P, Any)):
                # the common pattern below solves that axis from x1 first and gave x1's 1
                params = f"self, x1: {shaped_array(tup([REST, ONE]), x1_dtype)}, x2: {shaped_array(tup([REST, a]), x2_dtype)}, /"
                out.append(indent(overload("__call__", params, shaped_array(tup([REST, a]), result))))
            x2 = [shaped_array(tup([REST, a]), x2_dtype), shaped_array(tup([a]), x2_dtype)] if x2_dtype else []
            x2 += [scalars] if scalars else []
            params = f"self, x1: {shaped_array(tup([REST, a]), x1_dtype)}, x2: {' | '.join(x2)}, /"
            out.append(indent(overload("__call__", params, shaped_array(tup([REST, a]), result))))
        # a Python scalar first
        guard = f"self, x1: int | float | complex, x2: {UNSHAPED}, /"
        out.append(indent(guarded("__call__", guard, numpy_any)))
        for x1_dtype, _, scalars, result in filter(lambda family: family[2], families):
            params = f"self, x1: {scalars}, x2: {shaped_array('_NdtShNE', x1_dtype)}, /"
            out.append(indent(overload("__call__", params, shaped_array("_NdtShNE", result))))
        # the other broadcasting forms (size-1 axes, a smaller array on either side, 0-d arrays),
        # tried only when the common ones fail
        array_families = [(x1_dtype, x2_dtype, result) for x1_dtype, x2_dtype, _, result in families if x2_dtype]
        for x1_dtype, x2_dtype, result in array_families:
            for x1, x2, shape in BROADCASTS:
                params = f"self, x1: {x1(x1_dtype)}, x2: {x2(x2_dtype)}, /"
                out.append(indent(overload("__call__", params, shaped_array(shape, result))))
        if name in STRICT_BINARY:
            out += [indent(text) for text in strict_binary_tail()]
            out.append(header.narrow("numpy._typing._ufunc", name, "ArrayLike", "_NdtStrictArrayLike"))
    # Unary: each dtype family has its numpy-array guard (which keeps the array's shape) before its
    # pattern; a numpy array outside every family matches neither and gets numpy's overloads.
    for name, (_, families) in UNARY_CLASSES.items():
        out.append(header.extend("numpy._typing._ufunc", "_UFunc_Nin1_Nout1", name))
        out.append(f"class {name}(_UFunc_Nin1_Nout1[_NameType, _NTypes, _IDType]):")
        for dtype, result in families:
            guard_result = loose(numpy_array("_NdtSh", result))
            out.append(indent(guarded("__call__", f"self, x: {numpy_array('_NdtSh', dtype)}, /", guard_result)))
            params = f"self, x: {shaped_array('_NdtShNE', dtype)}, /"
            out.append(indent(overload("__call__", params, shaped_array("_NdtShNE", result))))
        # A 0-d ndtyping array (`np.exp(np.log(x).mean())`, `np.sqrt(x.var())`) is 0-d. It fell
        # through to numpy's own overloads, whose result has an unknown shape, and that numpy array
        # on the left of an operator took any ndtyping array with numpy's own operators, so the
        # shapes of what followed were lost (held-out 5 np_tone_map). numpy scalars satisfy the
        # protocol with shape () too and keep numpy's own result (Any), by the guard before.
        out.append(indent(guarded("__call__", "self, x: _ndt_np.generic, /", "_NdtAny")))
        for dtype, result in families:
            params = f"self, x: {shaped_array('tuple[()]', dtype)}, /"
            out.append(indent(overload("__call__", params, shaped_array("tuple[()]", result))))
        if name == "_NdtUnaryFloat":
            # A Python number gives a numpy scalar (`np.log(2 * np.pi)` is float64; a bool, like
            # numpy's bool_, float16). numpy's own overload says Any, and Any on the left of an
            # NDArray (`d * np.log(2 * np.pi) + maha`) made the whole expression Any. Last: an
            # ndtyping array meets its rules first, at no extra cost when nested.
            for scalar, result in (
                ("_NdtBool", "_ndt_np.float16"),
                ("int | float", FLOAT64),
                ("complex", "_ndt_np.complex128"),
            ):
                out.append(indent(overload("__call__", f"self, x: {scalar}, /", result)))
    return out


def same_shape() -> list[str]:
    """Functions whose result has the argument's shape: *_like, clip, where."""
    out = []
    for module, name, extra in (
        ("numpy._core.numeric", "zeros_like", ""),
        ("numpy._core.numeric", "ones_like", ""),
        ("numpy._core.multiarray", "empty_like", ""),
        ("numpy._core.numeric", "full_like", ", fill_value: _NdtAny"),
    ):
        out.append(header.before(module, name))
        # numpy arrays: numpy's own result (the same array type); then ndtyping arrays
        out.append(guarded(name, f"a: _NdtNumpyArray{extra}", loose("_NdtNumpyArray")))
        out.append(overload(name, f"a: _NdtArray[_NdtD, _NdtShNE]{extra}", "_NdtArray[_NdtD, _NdtShNE]"))
        # with another dtype (`np.zeros_like(h, dtype=x.dtype)`, `dtype=np.float32`): the argument's
        # shape in that dtype; `dtype` has no default, so a call without it never tries these two
        dtype = f"dtype: {dtype_given('_NdtD')}"
        out.append(
            guarded(name, f"a: _ndt_np.ndarray[_NdtSh, _NdtAny]{extra}, {dtype}", loose(numpy_array("_NdtSh", "_NdtD")))
        )
        out.append(overload(name, f"a: _NdtArray[_NdtAny, _NdtShNE]{extra}, {dtype}", "_NdtArray[_NdtD, _NdtShNE]"))
    out.append(header.before("numpy._core.fromnumeric", "clip"))
    for family in FAMILIES:
        array = family("_NdtSh" if family is numpy_array else "_NdtShNE", "_NdtD")
        result = loose(array) if family is numpy_array else array
        out.append(overload("clip", f"a: {array}, a_min: int | float | None, a_max: int | float | None", result))
    out.append(header.before("numpy._core.multiarray", "where"))
    out += where()
    return out


# a mask of unknown rank (rank 5 or more: `tuple[Any, ...]`, a jax.Array, matches it first)
UNKNOWN_RANK_MASK = "tuple[_NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]]"
NUMPY_RESULT = "_ndt_np.ndarray[tuple[_NdtAny, ...], _ndt_np.dtype[_NdtAny]]"


def where() -> list[str]:
    """np.where(mask, x, y): the result has x's shape (or y's); an ndtyping mask must broadcast
    against it (WHERE_MASKS in tools/_shape_rules.py), or the call is an error: numpy's own `where`
    is narrowed to arguments that are not ndtyping arrays, and the overloads before it take every
    other case (a numpy, list or Python mask; branches that are not ndtyping arrays)."""
    # A branch typed Any (a dict pytree's value) meets every overload below, whose results differ,
    # and pyright makes the call Unknown unless the first it meets holds them all: a Never branch,
    # which only Any meets, gives an array of unknown shape and dtype.
    unknown = shaped_array("tuple[_NdtAny, ...]", "_NdtAny")
    out = [
        overload("where", "condition: _NdtAny, x: _NdtNever, y: _NdtAny, /", unknown),
        overload("where", "condition: _NdtAny, x: _NdtAny, y: _NdtNever, /", unknown),
    ]
    array, condition = numpy_array("_NdtSh", "_NdtD"), numpy_array("_NdtSh", "_ndt_np.bool_")
    out.append(overload("where", f"condition: {condition}, x: {array}, y: {array}, /", array))
    # a scalar branch: a Python number, or a numpy scalar of the array's dtype (`np.float32(-1e9)`;
    # numpy 2.5's own overloads type a float32 array with one as float64), or a 0-d array
    scalar = "int | float | _NdtD | _NdtArray[_NdtD, tuple[()]]"

    def branches(mask: str, shape: str, result: str) -> list[str]:
        # x and y of one shape (y a union with the scalars: one overload fewer to try), or x a scalar
        branch = shaped_array(shape, "_NdtD")
        return [
            overload(
                "where", f"condition: {mask}, x: {branch}, y: {branch} | {scalar}, /", shaped_array(result, "_NdtD")
            ),
            overload("where", f"condition: {mask}, x: {scalar}, y: {branch}, /", shaped_array(result, "_NdtD")),
        ]

    # a mask that is no ndtyping array (a numpy array, whose shape numpy types with `int` sizes, a
    # numpy or Python bool): x's shape. Its shape does not solve the result's. (Not numpy's whole
    # ArrayLike: matching an NDArray against its nested-sequence protocol, which every ndtyping mask
    # meets first, tripled the cost of a call. A list mask gets numpy's result, below.)
    out += branches("_ndt_np.ndarray[_NdtAny, _NdtAny] | _ndt_np.generic | complex", "_NdtShNE", "_NdtShNE")
    # an ndtyping mask: of unknown rank or 0-d (x's shape), then the shapes that broadcast
    for mask in (shaped_array(UNKNOWN_RANK_MASK, "_NdtAny"), shaped_array("tuple[()]", "_NdtAny")):
        out += branches(mask, "_NdtShNE", "_NdtShNE")
    names = dict(zip("abcd", LETTERS))
    for mask, branch, result in WHERE_MASKS:
        mask_type = shaped_array(shape_rules.render(mask, names, REST), "_NdtAny")
        out += branches(mask_type, shape_rules.render(branch, names, REST), shape_rules.render(result, names, REST))
    out += branches(shaped_array("_NdtShNE", "_NdtAny"), "_NdtShNE", "_NdtShNE")
    for mask, branch in WHERE_LARGER_MASKS:
        mask_type = shaped_array(shape_rules.render(mask, names, REST), "_NdtAny")
        out += branches(mask_type, shape_rules.render(branch, names, REST), "tuple[_NdtAny, ...]")
    # branches of different shapes that broadcast (`np.where(np.isnan(x), col_mean, x)`): unknown shape
    any_mask = "_NdtArray[_NdtAny, _NdtAny]"
    for first, second in WHERE_BRANCH_BROADCASTS:
        for x, y in ((first, second), (second, first)):
            x_type, y_type = (shaped_array(shape_rules.render(b, names, REST), "_NdtD") for b in (x, y))
            params = f"condition: {any_mask}, x: {x_type}, y: {y_type}, /"
            out.append(overload("where", params, shaped_array("tuple[_NdtAny, ...]", "_NdtD")))
    # Python scalars on both sides: the mask's shape, numpy's dtype for them
    for scalar_type, dtype in (("_NdtBool", "_ndt_np.bool_"), ("int", "_ndt_np.int_"), ("float", "_ndt_np.float64")):
        params = f"condition: {shaped_array('_NdtShNE', '_NdtAny')}, x: {scalar_type}, y: {scalar_type}, /"
        out.append(overload("where", params, numpy_array("_NdtShNE", dtype)))
    # what numpy's own overload took and the rules above do not check: a mask that is no ndtyping
    # array with any branches; an ndtyping mask with branches none of which is an ndtyping array
    # (numpy arrays, lists, numpy scalars); the one-argument form (numpy's indices)
    other = "_ndt_np.ndarray[_NdtAny, _NdtAny] | _NdtNestedSequence[_NdtAny]"
    scalars = "_ndt_np.generic | complex"
    any_mask = "_NdtArray[_NdtAny, _NdtAny]"
    out.append(overload("where", "condition: _NdtStrictArrayLike, x: _NdtArrayLike, y: _NdtArrayLike, /", NUMPY_RESULT))
    out.append(overload("where", f"condition: {any_mask}, x: {other}, y: {other} | {scalars}, /", NUMPY_RESULT))
    out.append(overload("where", f"condition: {any_mask}, x: {scalars}, y: {other} | {scalars}, /", NUMPY_RESULT))
    indices = "tuple[_ndt_np.ndarray[tuple[_NdtAny], _ndt_np.dtype[_ndt_np.intp]], ...]"
    out.append(overload("where", f"condition: {any_mask}, /", indices))
    out.append(header.narrow("numpy._core.multiarray", "where", "ArrayLike", "_NdtStrictArrayLike"))
    return out


def creation() -> list[str]:
    """zeros/empty/ones/full/eye/arange/linspace: literal sizes stay literal, computed sizes are Any.

    The result is a numpy array whose dims are `Literal` sizes where the call wrote literals
    (`np.zeros((2, 3))` is an `NDArray[float64, Literal[2], Literal[3]]` wherever one is expected,
    and numpy's methods stay available), and `Any` where a size is computed (`np.zeros((n, d))`,
    `np.eye(x.shape[0])`, `np.arange(n)`): numpy's own stubs type those `int`, which can never meet
    a named dimension (issue 15). The literal overloads come first and solve an `Any` size to
    `Any` too (their result is their TypeVars), so `n, d = x.shape` of unbounded dimensions gives
    `Any` sizes, never numpy's `int`. A size written as a dimension bound to int (`State`) is
    `Any` as well: an overload cannot tell it from a computed `int`. Sizes read from `x.shape` of
    unbounded dimensions (DimSize) give an ndtyping array of those dimensions (see dim_array).
    Without a dtype, numpy's default (float64, or the fill value's type for `full`).
    """
    tail = "order: _NdtLiteral['C', 'F'] = 'C', *, device: _NdtLiteral['cpu'] | None = None, like: _NdtAny = None"
    # (dtype parameter, result dtype): an explicit scalar type or another array's dtype (`dtype=x.dtype`,
    # a `np.dtype[float32]`), then numpy's float64 default
    dtypes = [(f"dtype: {dtype_given('_NdtD')}", "_NdtD"), ("dtype: None = None", FLOAT64)]

    def shape_overloads(name: str, first: str, middle: str = "") -> list[str]:
        """The overloads of a creation function taking `shape` (a size or a tuple of sizes)."""
        texts: list[str] = []
        # Sizes from `x.shape` (DimSize) with a dtype typed Any: an Any argument matches every
        # overload, and pyright makes the call Unknown unless the first match's result holds the
        # others' (numpy's own gives `tuple[DimSize[N], DimSize[D]]`, which `(N, D)` does not hold).
        # These come second (after an Any shape's) and give an ndtyping array of Any sizes and
        # dtype, which holds both the later DimSize results (ndtyping arrays) and numpy's.
        any_dtype: list[str] = []
        for dtype, result in dtypes:
            # `shape` typed Any (`np.zeros(x.shape[0])` of an `npt.NDArray`) first: only Any (and
            # Never) meets a Never parameter. An Any argument matches every overload below, and
            # pyright makes such a call's result Unknown when the matches' results differ (rank 1,
            # rank 2, ...), unless one that comes first holds them all. A numpy array of unknown
            # shape held numpy's results, not the DimSize overloads' ndtyping arrays; `| Any` makes
            # pyright answer Any for them all (an NDArray would not fit numpy's own `np.ndarray`
            # parameters in plain numpy code).
            texts.append(
                overload(
                    name,
                    f"{first}shape: _NdtNever{middle}, {dtype}, {tail}",
                    loose(numpy_array("tuple[_NdtAny, ...]", result)),
                )
            )
            # literal sizes: a tuple of any rank (LITERAL_SHAPE), or one size
            for shape, result_shape in ((LITERAL_SHAPE, LITERAL_SHAPE), (SIZES[0], tup(SIZES[:1]))):
                params = f"{first}shape: {shape}{middle}, {dtype}, {tail}"
                texts.append(overload(name, params, numpy_array(result_shape, result)))
            for rank in (2, 1, 3, 4):  # sizes read from `x.shape` (DimSize): their dimensions
                dims = [f"_NdtDimSize[{letter}]" for letter in LETTERS[:rank]]
                for shape in [tup(dims)] + ([dims[0]] if rank == 1 else []):
                    params = f"{first}shape: {shape}{middle}, {dtype}, {tail}"
                    texts.append(overload(name, params, dim_array(tup(LETTERS[:rank]), result)))
                    if dtype.startswith("dtype: None"):  # a dtype typed Any: see any_dtype
                        params = f"{first}shape: {shape}{middle}, dtype: _NdtNever, {tail}"
                        any_dtype.append(overload(name, params, dim_array(tup(["_NdtAny"] * rank), "_NdtAny")))
            for rank in range(1, 5):  # computed sizes: unknown (Any) rather than numpy's int
                for shape in [tup(["_NdtIndex"] * rank)] + (["_NdtIndex"] if rank == 1 else []):
                    params = f"{first}shape: {shape}{middle}, {dtype}, {tail}"
                    texts.append(overload(name, params, numpy_array(tup(["_NdtAny"] * rank), result)))
        return texts[:1] + any_dtype + texts[1:]

    # numpy <= 2.4 types zeros/empty/ones as instances of one `_ConstructorEmpty` class; numpy 2.5
    # made them overloaded functions. Both spellings are templated as variants of one feature:
    # the overlay uses the first that fits the installed numpy, all of a variant or none of it.
    feature = "[zeros ones empty: {}]"
    out = [
        header.extend(
            "numpy._core.multiarray", "_ConstructorEmpty", "_NdtConstructorEmpty", feature=feature.format("class")
        )
    ]
    out.append("class _NdtConstructorEmpty(_ConstructorEmpty):")
    out += [indent(text) for text in shape_overloads("__call__", "self, /, ")]
    out.append(
        header.retype("numpy._core.multiarray", "zeros", "_NdtConstructorEmpty", feature=feature.format("class"))
    )
    out.append(
        header.retype("numpy._core.multiarray", "empty", "_NdtConstructorEmpty", feature=feature.format("class"))
    )
    out.append(header.preamble("numpy._core.numeric", feature=feature.format("class")))
    out.append("from numpy._core.multiarray import _NdtConstructorEmpty as _NdtConstructorEmpty")
    out.append(header.retype("numpy._core.numeric", "ones", "_NdtConstructorEmpty", feature=feature.format("class")))
    for module, name in (("multiarray", "zeros"), ("multiarray", "empty"), ("numeric", "ones")):
        out.append(header.before(f"numpy._core.{module}", name, feature=feature.format("function")))
        out += shape_overloads(name, "")
    out.append(header.before("numpy._core.numeric", "full"))
    full = shape_overloads("full", "", ", fill_value: _NdtAny")
    # without a dtype, the fill value's: bool, then int (int64), float (a complex fill: numpy's own)
    fill_dtypes = [("_NdtBool", "_ndt_np.bool_"), ("int", "_ndt_np.int64"), ("float", FLOAT64)]
    defaults = [text for text in full if "dtype: None = None" in text]
    out += [text for text in full if text not in defaults]
    for python, scalar in fill_dtypes:
        out += [
            text.replace("fill_value: _NdtAny", f"fill_value: {python}")
            .replace(f"_ndt_np.dtype[{FLOAT64}]", f"_ndt_np.dtype[{scalar}]")
            .replace(f"_NdtArray[{FLOAT64},", f"_NdtArray[{scalar},")
            for text in defaults
        ]
    out.append(header.before("numpy.lib._twodim_base_impl", "eye"))
    s0, s1 = SIZES[:2]
    # sizes from `x.shape` with a dtype typed Any first (see shape_overloads): Any sizes and dtype
    eye_m, never = (
        "None = None",
        "k: int = 0, *, dtype: _NdtNever, order: _NdtLiteral['C', 'F'] = 'C', device: _NdtLiteral['cpu'] | None = None, like: _NdtAny = None",
    )
    for m in (eye_m, f"_NdtDimSize[{LETTERS[1]}]"):
        out.append(
            overload(
                "eye",
                f"N: _NdtDimSize[{LETTERS[0]}], M: {m}, {never}",
                dim_array(tup(["_NdtAny"] * 2), "_NdtAny"),
            )
        )
    for dtype, result in dtypes:
        dtype = dtype if dtype.startswith("dtype: type") else "dtype: None = None"
        rest = f"k: int = 0, *, {dtype}, order: _NdtLiteral['C', 'F'] = 'C', device: _NdtLiteral['cpu'] | None = None, like: _NdtAny = None"
        if "None" in dtype:  # numpy's positional dtype (`np.eye(n, m, 0, np.float32)` is rare): after k
            rest = rest.replace("*, dtype: None = None, ", "dtype: None = None, *, ")
        # a size typed Any: numpy's 2-D array (| Any), which holds the results of the DimSize
        # overloads below (ndtyping arrays), so the call is not Unknown (see shape_overloads)
        never_result = loose(numpy_array(tup(["_NdtAny"] * 2), result))
        out.append(overload("eye", f"N: _NdtNever, M: _NdtIndex | None = None, {rest}", never_result))
        out.append(overload("eye", f"N: {s0}, M: None = None, {rest}", numpy_array(tup([s0, s0]), result)))
        out.append(overload("eye", f"N: {s0}, M: {s1}, {rest}", numpy_array(tup([s0, s1]), result)))
        a, b = LETTERS[:2]  # sizes read from `x.shape`: their dimensions
        for m, shape in ((eye_m, [a, a]), (f"_NdtDimSize[{b}]", [a, b])):
            out.append(overload("eye", f"N: _NdtDimSize[{a}], M: {m}, {rest}", dim_array(tup(shape), result)))
        out.append(
            overload(
                "eye", f"N: _NdtIndex, M: _NdtIndex | None = None, {rest}", numpy_array(tup(["_NdtAny"] * 2), result)
            )
        )
    out += vander()
    out += ranges()
    return out


def vander() -> list[str]:
    """np.vander(x, N): a vector of length A gives an (A, N) matrix of its powers; N defaults to A,
    a literal N stays literal (a polynomial fit's coefficient count), a computed one is unknown. The
    dtype is the vector's (a number dtype). numpy arrays keep numpy's own result."""
    out = [header.before("numpy.lib._twodim_base_impl", "vander")]
    tail = "increasing: bool = False"
    numpy_x = "x: _ndt_np.ndarray[_NdtAny, _ndt_np.dtype[_NdtD]], N: int | None = None"
    out.append(guarded("vander", f"{numpy_x}, {tail}", loose(numpy_array(tup(["_NdtAny"] * 2), "_NdtD"))))
    a, size = LETTERS[0], SIZES[0]
    for n, columns in (("None = None", a), (size, size), ("int", "_NdtAny")):
        params = f"x: {shaped_array(tup([a]), '_NdtDNumber')}, N: {n}, {tail}"
        out.append(overload("vander", params, shaped_array(tup([a, columns]), "_NdtDNumber")))
    return out


def ranges() -> list[str]:
    """arange and linspace: one axis of unknown length (numpy's own types it `int`, or, for
    linspace, any rank), the dtype numpy gives: int64 for ints, float64 for floats, or `dtype`'s."""
    vector = "tuple[_NdtAny]"
    out = [header.before("numpy._core.multiarray", "arange")]
    tail = "device: _NdtLiteral['cpu'] | None = None, like: _NdtAny = None"
    # a stop from `x.shape` with a dtype typed Any first (see shape_overloads in creation())
    params = f"stop: _NdtDimSize[{LETTERS[0]}], /, *, dtype: _NdtNever, {tail}"
    out.append(overload("arange", params, dim_array(tup(["_NdtAny"]), "_NdtAny")))
    for dtype, result in (("dtype: type[_NdtD]", "_NdtD"), ("dtype: None = None", None)):
        # a stop typed Any (`np.arange(x.shape[0])` of an unbounded dimension): one axis, its dtype
        # unknown (int or float), rather than Unknown (see `shape_overloads` in creation())
        out.append(
            overload(
                "arange", f"stop: _NdtNever, /, *, {dtype}, {tail}", loose(numpy_array(vector, result or "_NdtAny"))
            )
        )
        # a stop read from `x.shape` (DimSize): one axis of that dimension
        length = tup(LETTERS[:1])
        params = f"stop: _NdtDimSize[{LETTERS[0]}], /, *, {dtype}, {tail}"
        out.append(overload("arange", params, dim_array(length, result or "_ndt_np.int64")))
        for kind, scalar in (("int", "_ndt_np.int64"), ("float", FLOAT64)):
            for params in (
                f"stop: {kind}, /, *, {dtype}",
                f"start: {kind}, stop: {kind}, step: {kind} = ..., *, {dtype}",
            ):
                out.append(overload("arange", f"{params}, {tail}", numpy_array(vector, result or scalar)))
    out.append(header.before("numpy._core.function_base", "linspace"))
    head = "start: float, stop: float, num: _NdtIndex = 50, endpoint: bool = True, retstep: _NdtLiteral[False] = False"
    for dtype, result in (("*, dtype: type[_NdtD]", "_NdtD"), ("dtype: None = None", FLOAT64)):
        params = f"{head}, {dtype}, axis: _NdtIndex = 0"
        if not dtype.startswith("*"):
            params += ", *"
        out.append(
            overload("linspace", f"{params}, device: _NdtLiteral['cpu'] | None = None", numpy_array(vector, result))
        )
    return out


def rank_keeping() -> list[str]:
    """Functions whose result keeps the argument's dtype (and rank) where numpy's own stubs lose it,
    refuse an ndtyping array, or (numpy 2.5's pad) keep sizes the call changes."""
    out = []
    # cumsum/cumprod: the shape kept along an axis; flattened (one axis of the same length for a
    # vector, unknown otherwise) without one. The dtype is kept, except that integers narrower than
    # the platform's (64 bits with numpy 2) and bools accumulate in it: int8, int32 and bool give
    # int64, uint8 and uint32 give uint64 (numpy's accumulate rule). An abstract integer dtype stays
    # abstract.
    accumulated = (
        ("_NdtDInexact", "_NdtDInexact"),
        ("_ndt_np.int64", "_ndt_np.int64"),
        ("_ndt_np.uint64", "_ndt_np.uint64"),
        ("_ndt_np.signedinteger[_NdtAny] | _ndt_np.bool_", "_ndt_np.int64"),
        ("_ndt_np.unsignedinteger[_NdtAny]", "_ndt_np.uint64"),
        ("_NdtDOther", "_ndt_np.integer[_NdtAny]"),
    )
    for name in ("cumsum", "cumprod"):
        out.append(header.before("numpy._core.fromnumeric", name))
        rest = "dtype: None = None, out: None = None"
        out.append(
            guarded(
                name,
                f"a: {numpy_array('_NdtSh', '_NdtDInexact')}, axis: _NdtIndex, {rest}",
                loose(numpy_array("_NdtSh", "_NdtDInexact")),
            )
        )
        out.append(
            guarded(
                name,
                f"a: {numpy_array('_NdtAny', '_NdtDInexact')}, axis: None = None, {rest}",
                loose(numpy_array("tuple[_NdtAny]", "_NdtDInexact")),
            )
        )
        out.append(
            guarded(name, f"a: _ndt_np.ndarray[_NdtAny, _NdtAny], axis: _NdtIndex | None = None, {rest}", "_NdtAny")
        )
        for dtype_in, dtype_out in accumulated:
            for axis, shape_in, shape_out in (
                ("_NdtIndex", "_NdtShNE", "_NdtShNE"),
                ("None = None", tup([LETTERS[0]]), tup([LETTERS[0]])),
                ("None = None", "_NdtAny", "tuple[_NdtAny]"),
            ):
                params = f"a: {shaped_array(shape_in, dtype_in)}, axis: {axis}, {rest}"
                out.append(overload(name, params, shaped_array(shape_out, dtype_out)))
    # pad: the rank and dtype kept, every size changed (numpy 2.5 types a numpy array's result with
    # the argument's own shape, which the padding changed)
    out.append(header.before("numpy.lib._arraypad_impl", "pad"))
    tail = "pad_width: _NdtAny, mode: _NdtAny = 'constant', **kwargs: _NdtAny"
    for family in FAMILIES:
        for rank in range(1, 5):
            unknown = tup(["_NdtAny"] * rank)
            result = family(unknown, "_NdtD")
            out.append(
                overload(
                    "pad",
                    f"array: {family(unknown, '_NdtD')}, {tail}",
                    loose(result) if family is numpy_array else result,
                )
            )
        result = family("tuple[_NdtAny, ...]", "_NdtD")
        out.append(
            overload(
                "pad",
                f"array: {family('_NdtAny', '_NdtD')}, {tail}",
                loose(result) if family is numpy_array else result,
            )
        )
    # fill_diagonal: numpy's wants an ndarray; an ndtyping array is one at runtime
    out.append(header.before("numpy.lib._index_tricks_impl", "fill_diagonal"))
    out.append(overload("fill_diagonal", "a: _NdtArray[_NdtAny, _NdtAny], val: object, wrap: bool = False", "None"))
    # diag_indices_from: numpy >= 2.5 wants an ndarray of rank 2 or more. An ndtyping array whose first
    # two axes are one dimension A (numpy asks all of them to be) gives index vectors of length A;
    # numpy arrays keep numpy's answer (a guard, typed as numpy < 2.5 types it)
    indices = "_ndt_np.ndarray[tuple[int], _ndt_np.dtype[_ndt_np.intp]]"
    out.append(header.before("numpy.lib._index_tricks_impl", "diag_indices_from"))
    out.append(guarded("diag_indices_from", "arr: _ndt_np.ndarray[_NdtAny, _NdtAny]", f"tuple[{indices}, ...]"))
    a = LETTERS[0]
    out.append(
        overload(
            "diag_indices_from",
            f"arr: _NdtArray[_NdtAny, tuple[{a}, {a}, {REST}]]",
            f"tuple[_NdtArray[_ndt_np.intp, tuple[{a}]], ...]",
        )
    )
    out += writers()
    return out


def writers() -> list[str]:
    """The functions that write into an array (numpy's own want an ndarray; an ndtyping array is one at
    runtime). put_along_axis takes indices of the array's rank (numpy's rule): an index array of
    another rank is left to numpy's own signature, which rejects the call."""
    out = [header.before("numpy.lib._shape_base_impl", "put_along_axis")]
    index = "_ndt_np.integer[_NdtAny]"
    tail = "values: object, axis: _NdtIndex | None"
    for rank in range(1, 5):
        shape = tup(["_NdtAny"] * rank)
        out.append(
            overload(
                "put_along_axis",
                f"arr: {shaped_array(shape, '_NdtAny')}, indices: {shaped_array(shape, index)}, {tail}",
                "None",
            )
        )
    wider = "tuple[_NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtAny, _NdtUnpack[tuple[_NdtAny, ...]]]"
    out.append(
        overload(
            "put_along_axis",
            f"arr: {shaped_array(wider, '_NdtAny')}, indices: {shaped_array('_NdtAny', index)}, {tail}",
            "None",
        )
    )
    anything = shaped_array("_NdtAny", "_NdtAny")
    for module, name, params in (
        ("numpy._core.fromnumeric", "put", f"a: {anything}, ind: object, v: object, mode: _NdtAny = 'raise'"),
        ("numpy.lib._function_base_impl", "place", f"arr: {anything}, mask: object, vals: object"),
        ("numpy._core.multiarray", "putmask", f"a: {anything}, /, mask: object, values: object"),
        (
            "numpy._core.multiarray",
            "copyto",
            f"dst: {anything}, src: object, casting: _NdtAny = 'same_kind', where: object = True",
        ),
    ):
        out.append(header.before(module, name))
        out.append(overload(name, params, "None"))
    return out


# The modules whose join functions can reject a call (their preamble: the rejecting result types)
JOIN_MODULES = {
    "numpy._core.multiarray": ["concatenate"],
    "numpy._core.shape_base": ["stack", "hstack", "vstack"],
    "numpy.lib._shape_base_impl": ["column_stack"],
    "numpy.lib._function_base_impl": ["append"],
}
SHAPED = "_NdtArray[{dtype}, {shape}]"  # shaped_array() as a template for tools/_join_rules.py


def _join_element(shape: list[str]) -> str:
    return join_rules.element(SHAPED, "_NdtD", shape)


def joined(shape: str) -> str:
    """A join's result: a numpy array (what numpy returns), not the NDArray protocol. pyright solves
    a call's type variables from the expected type first (`return np.concatenate(...)` in a function
    declared `-> NDArray[float32, Batch, Any]`): with a protocol result, the declared `Any` is taken
    for the axes that must agree and a clash passes; a class result cannot be solved from a protocol
    (measured, pyright 1.1.414). The jax overlay's ShapedJaxArray is a class too."""
    return numpy_array(shape, "_NdtD")


def _rejecting(name: str, params: str, poison: str) -> str:
    """The overloads a literal-axis join of same-rank shaped arrays meets when no pattern fits (see _join_rules)."""
    return "\n".join(join_rules.rejecting(name, params.replace("_NdtJoined", "{joined}"), poison))


def joins() -> list[str]:
    """stack (the new axis placed at `axis`), concatenate, hstack, vstack, column_stack and append
    (the other axes kept, a known clash rejected: tools/_join_rules.py) and split."""
    # numpy arrays (and lists of unknown arrays): numpy's own kind of result, shape unknown
    numpy_item, numpy_result = numpy_array("_NdtAny", "_NdtD"), loose(numpy_array("tuple[_NdtAny, ...]", "_NdtD"))
    out = []
    for module in JOIN_MODULES:
        out.append(header.preamble(module))
        out.append("from typing import Generic as _NdtGeneric")
        out.append(join_rules.POISON_CLASSES)
    a, rest = LETTERS[0], REST
    literal = join_rules.literal_axes()
    concat_poison = "ShapesDoNotConcatenate"
    # arrays of unknown rank (NDArray[D, *tuple[Any, ...]], Any): an unknown shape (see _join_rules)
    unknown = f"_NdtSequence[{join_rules.unknown_rank(SHAPED, '_NdtD')}]"
    out.append(header.before("numpy._core.shape_base", "stack"))
    out.append(overload("stack", f"arrays: _NdtSequence[{numpy_item}], axis: int = 0", numpy_result))
    out.append(overload("stack", f"arrays: {unknown}, axis: int = 0", joined(join_rules.ANY_SHAPE)))
    for axis in join_rules.JOIN_AXES:
        item, result = join_rules.stack_shapes(axis, LETTERS, SUFFIX_LETTERS, REST)
        default = " = 0" if axis == 0 else ""
        params = f"arrays: _NdtSequence[{_join_element(item)}], axis: _NdtLiteral[{axis}]{default}"
        out.append(overload("stack", params, joined(tup(result))))
    out.append(_rejecting("stack", f"arrays: _NdtSequence[_NdtJoined], axis: {literal} = 0", "ShapesDoNotStack"))
    out.append(header.before("numpy._core.multiarray", "concatenate"))
    out.append(overload("concatenate", f"arrays: _NdtSequence[{numpy_item}], /, axis: int = 0", numpy_result))
    out.append(overload("concatenate", f"arrays: {unknown}, /, axis: int = 0", joined(join_rules.ANY_SHAPE)))
    # the joined axis may differ between the arrays: Any in the pattern, unknown in the result
    for axis in join_rules.JOIN_AXES:
        shape = join_rules.concat_shape(axis, LETTERS, SUFFIX_LETTERS, REST)
        default = " = 0" if axis == 0 else ""
        params = f"arrays: _NdtSequence[{_join_element(shape)}], /, axis: _NdtLiteral[{axis}]{default}"
        out.append(overload("concatenate", params, joined(tup(shape))))
    out.append(
        _rejecting(
            "concatenate", f"arrays: _NdtSequence[_NdtJoined], /, axis: {literal} = 0",
            concat_poison,
        )
    )  # fmt: skip
    # hstack: 1-D arrays joined end to end, others along axis 1; vstack: 1-D arrays become rows
    # (mixed with 2-D ones), others joined along axis 0; column_stack: 1-D arrays become columns
    kw = "*, dtype: None = None, casting: _NdtAny = 'same_kind'"
    hstack_rules, vstack_rules, column_rules = join_rules.stacking_rules(
        lambda shape: shaped_array(tup(shape), "_NdtD"), SHAPED, a, rest
    )
    for module, name, rules, tail in (
        ("numpy._core.shape_base", "hstack", hstack_rules, kw),
        ("numpy._core.shape_base", "vstack", vstack_rules, kw),
        ("numpy.lib._shape_base_impl", "column_stack", column_rules, ""),
    ):
        tail_params = f", {tail}" if tail else ""
        out.append(header.before(module, name))
        out.append(overload(name, f"tup: _NdtSequence[{numpy_item}]{tail_params}", numpy_result))
        out.append(overload(name, f"tup: {unknown}{tail_params}", joined(join_rules.ANY_SHAPE)))
        for param, result in rules:
            out.append(overload(name, f"tup: {param}{tail_params}", joined(result)))
        out.append(_rejecting(name, f"tup: _NdtSequence[_NdtJoined]{tail_params}", concat_poison))
    # append with a literal axis: concatenate of two arrays
    out.append(header.before("numpy.lib._function_base_impl", "append"))
    out.append(overload("append", f"arr: {numpy_item}, values: {numpy_item}, axis: int", numpy_result))
    for axis in join_rules.JOIN_AXES:
        shape = join_rules.concat_shape(axis, LETTERS, SUFFIX_LETTERS, REST)
        elem = _join_element(shape)
        out.append(overload("append", f"arr: {elem}, values: {elem}, axis: _NdtLiteral[{axis}]", joined(tup(shape))))
    out.append(_rejecting("append", f"arr: _NdtJoined, values: _NdtJoined, axis: {literal}", concat_poison))
    # take_along_axis: the result has the indices' shape; take(a, indices, axis=0): the indices'
    # axes replace the first
    out.append(header.before("numpy.lib._shape_base_impl", "take_along_axis"))
    out.append(
        guarded(
            "take_along_axis",
            "arr: _ndt_np.ndarray[_NdtAny, _ndt_np.dtype[_NdtD]], indices: _NdtAny, axis: int | None = -1",
            numpy_array("tuple[_NdtAny, ...]", "_NdtD"),
        )
    )
    out.append(
        overload(
            "take_along_axis",
            f"arr: {shaped_array('_NdtAny', '_NdtD')}, indices: {shaped_array('_NdtShNE', '_ndt_np.integer[_NdtAny]')}, axis: int = -1",
            shaped_array("_NdtShNE", "_NdtD"),
        )
    )
    out.append(header.before("numpy._core.fromnumeric", "take"))
    for indices in ([LETTERS[1]], [LETTERS[1], LETTERS[2]]):
        params = f"a: {shaped_array(tup([LETTERS[0], REST]), '_NdtD')}, indices: {shaped_array(tup(indices), '_ndt_np.integer[_NdtAny]')}, axis: _NdtLiteral[0], out: None = None, mode: _NdtAny = 'raise'"
        out.append(overload("take", params, shaped_array(tup([*indices, REST]), "_NdtD")))
    for name in ("split", "array_split"):
        out.append(header.before("numpy.lib._shape_base_impl", name))
        out.append(
            guarded(
                name,
                "ary: _ndt_np.ndarray[_NdtAny, _ndt_np.dtype[_NdtD]], indices_or_sections: _NdtAny, axis: int = 0",
                f"list[{numpy_array('tuple[_NdtAny, ...]', '_NdtD')}]",
            )
        )
        for axis in join_rules.JOIN_AXES:
            shape = tup(join_rules.concat_shape(axis, LETTERS, SUFFIX_LETTERS, REST))
            default = " = 0" if axis == 0 else ""
            params = (
                f"ary: {shaped_array(shape, '_NdtD')}, indices_or_sections: _NdtAny, axis: _NdtLiteral[{axis}]{default}"
            )
            out.append(overload(name, params, f"list[{shaped_array(shape, '_NdtD')}]"))
    return out


# cov and corrcoef compute in float64 (complex128 for complex input), numpy arrays first
COV_FAMILIES = [
    (f"_ndt_np.floating[_NdtAny] | {INT_ANY}", FLOAT64),
    ("_ndt_np.complexfloating[_NdtAny, _NdtAny]", "_ndt_np.complex128"),
]


def statistics() -> list[str]:
    """cov/corrcoef (variables in rows, or in columns with rowvar=False), outer, histogram."""
    a, b = LETTERS[:2]
    out = []
    for name, first, rest in (
        ("cov", "m", "bias: bool = False, ddof: _NdtAny = None, fweights: _NdtAny = None, aweights: _NdtAny = None, *, dtype: None = None"),
        ("corrcoef", "x", "*, dtype: None = None"),
    ):  # fmt: skip
        out.append(header.before("numpy.lib._function_base_impl", name))
        for family in FAMILIES:
            for dtype_in, dtype_out in COV_FAMILIES:
                for shape_in, rowvar, shape_out in (
                    ([a, b], "_NdtLiteral[True] = True", [a, a]),
                    ([a, b], "*, rowvar: _NdtLiteral[False]", [b, b]),  # keyword-only: no default
                    ([a], "bool = True", []),
                ):
                    rowvar = rowvar if rowvar.startswith("*") else f"rowvar: {rowvar}"
                    tail = rest.replace("*, ", "") if rowvar.startswith("*") else rest
                    params = f"{first}: {family(tup(shape_in), dtype_in)}, y: None = None, {rowvar}, {tail}"
                    if name == "corrcoef" and not shape_out:
                        result = dtype_out  # numpy returns a scalar here
                    else:
                        result = family(tup(shape_out), dtype_out)
                    out.append(overload(name, params, result))
    # outer flattens its arguments: the shape is known for two vectors
    out.append(header.before("numpy._core.numeric", "outer"))
    for family in FAMILIES:
        params = f"a: {family(tup([a]), '_NdtD')}, b: {family(tup([b]), '_NdtD')}, out: None = None"
        out.append(overload("outer", params, family(tup([a, b]), "_NdtD")))
    # histogram: integer counts (float64 densities), the edges in the input's float dtype (float64
    # for integers); the number of bins is unknown. numpy arrays and ndtyping arrays alike.
    out.append(header.before("numpy.lib._histograms_impl", "histogram"))
    vector = numpy_array("tuple[_NdtAny]", "{}")
    for dtype_in, edges in (("_NdtDFloat", "_NdtDFloat"), (INT_ANY, FLOAT64)):
        for density, counts in (
            ("_NdtLiteral[False] | None = None", "_ndt_np.int64"),
            ("*, density: _NdtLiteral[True]", FLOAT64),
        ):
            density = density if density.startswith("*") else f"density: {density}"
            params = (
                f"a: {shaped_array('_NdtAny', dtype_in)}, bins: _NdtAny = 10, range: tuple[float, float] | None = None, "
                f"{density}, weights: None = None"
            )
            out.append(overload("histogram", params, f"tuple[{vector.format(counts)}, {vector.format(edges)}]"))
    return out


def einsum() -> list[str]:
    """einsum with literal subscripts: one overload per shape rule of _shape_rules.EINSUM, its
    subscripts a Literal union of the rule's spellings."""
    out = [header.preamble("numpy._core.einsumfunc"), PREAMBLE, header.before("numpy._core.einsumfunc", "einsum")]
    # The guard takes plain numpy code only: a numpy first operand whose other operands are numpy's
    # too (arrays, scalars, nested sequences). A numpy array given with an ndtyping array
    # (`einsum("qd,dxy->qyx", table.astype(f64), u)`, `w` from a function typed `-> np.ndarray`)
    # goes on to the rules, which take numpy arrays as ShapedArrays, and is checked; with any
    # operand guarded, such calls were numpy's own `Any` and never checked.
    out.append(
        guarded(
            "einsum",
            "subscripts: str, a: _ndt_np.ndarray[_NdtAny, _NdtAny], /, *operands: _NdtStrictArrayLike, **kwargs: _NdtAny",
            "_NdtAny",
        )
    )
    # The generic rules carry a feature tag: a project's own spellings (ndtyping._static.einsum_rules) go
    # between the guard and them (ndtyping._static.overlay._with_project_einsum).
    out.append(header.before("numpy._core.einsumfunc", "einsum", feature="[einsum-generic]"))
    names = LETTERS + SUFFIX_LETTERS
    for spellings, canonical in einsum_groups(len(names)):
        inputs, output = einsum_shapes(canonical)
        letters = {letter: names[n] for n, letter in enumerate(dict.fromkeys("".join("".join(t) for t in inputs)))}
        arrays = ", ".join(
            f"op{n}: {shaped_array(tup([letters[c] for c in term]), '_NdtD')}" for n, term in enumerate(inputs)
        )
        literal = ", ".join(repr(spelling) for spelling in spellings)
        params = f"subscripts: _NdtLiteral[{literal}], {arrays}, /, *, out: None = None, optimize: _NdtAny = False"
        out.append(overload("einsum", params, shaped_array(tup([letters[c] for c in output]), "_NdtD")))
    return out


LINALG_FAMILIES = [
    Family("_NdtDFloat", "_NdtDFloat", "_NdtDFloat", "_ndt_np.inexact[_NdtAny]"),
    Family("_NdtDComplex", "_NdtDComplex", "_ndt_np.floating[_NdtAny]", "_ndt_np.complexfloating[_NdtAny, _NdtAny]"),
    Family(INT_ANY, FLOAT64, FLOAT64, "_ndt_np.inexact[_NdtAny]"),
    # mixed dtypes (an integer matrix, a float right-hand side): the shapes still checked
    Family(
        "_ndt_np.number[_NdtAny] | _ndt_np.bool_", "_ndt_np.inexact[_NdtAny]", FLOAT_ANY, "_ndt_np.inexact[_NdtAny]"
    ),
]
# Functions whose library fallback is narrowed (numpy 2.4's parameter type names): an ndtyping
# array that fits none of the shape rules (a non-square matrix to inv, b's rows not a's) is an
# error. Not norm, qr, svd, pinv: some of their argument combinations have no rule here.
LINALG_NARROWED = ("solve", "lstsq", "inv", "det", "slogdet", "cholesky", "eigh", "eig", "matrix_power")
LINALG_STRICT = {  # numpy's array-like types without the __array__ protocol; numpy arrays are guarded before
    "_ArrayLikeInt_co": ("_NdtStrictInt", "_ndt_np.integer[_NdtAny] | _ndt_np.bool_", "int"),
    "_ArrayLikeFloat_co": (
        "_NdtStrictFloat",
        "_ndt_np.floating[_NdtAny] | _ndt_np.integer[_NdtAny] | _ndt_np.bool_",
        "float",
    ),
    "_ArrayLikeComplex_co": ("_NdtStrictComplex", "_ndt_np.number[_NdtAny] | _ndt_np.bool_", "complex"),
}
LINALG_PARAMS = {
    "svd": ", hermitian: bool = False",
    "eigh": "UPLO: _NdtLiteral['L', 'U', 'l', 'u'] = 'L'",
    "pinv": "rcond: _NdtAny = None, hermitian: bool = False, *, rtol: _NdtAny = None",
    "cholesky": ", /, *, upper: bool = False",
    "lstsq": "rcond: float | None = None",
}
# numpy's own result for a numpy array (the guard's result), by function
LINALG_NUMPY_RESULTS = {
    # only names both numpy 2.4 and 2.5 bind in numpy.linalg._linalg, or the preamble's own (2.5 has
    # no bare `floating` there: it read as Unknown)
    "inv": "NDArray[_ndt_np.floating[_NdtAny]]", "solve": "NDArray[_ndt_np.floating[_NdtAny]]", "det": "_NdtAny",
    "cholesky": "NDArray[_ndt_np.floating[_NdtAny]]", "matrix_power": "NDArray[_NdtAny]",
    "pinv": "NDArray[_ndt_np.floating[_NdtAny]]", "slogdet": "SlogdetResult", "eigh": "EighResult",
    "eig": "EigResult", "svd": "_NdtAny", "qr": "QRResult", "lstsq": "_NdtAny", "norm": "_NdtAny",
}  # fmt: skip
LINALG_CLASS_PREFIX = "Shaped"  # ShapedEighResult[...]: a generic EighResult (numpy's own name is taken)


def linalg() -> list[str]:
    """numpy.linalg with the shapes and dtypes numpy documents (leading axes batch)."""
    module = "numpy.linalg._linalg"
    out = [
        header.preamble(module),
        PREAMBLE,
        "from typing import NamedTuple as _NdtNamedTuple, Generic as _NdtGeneric",
        *[f'_NdtT{n} = _NdtTypeVar("_NdtT{n}")' for n in range(4)],
        named_tuple_classes(LINALG_CLASS_PREFIX),
        *[
            f"{new} = _ndt_np.ndarray[_NdtAny, _ndt_np.dtype[{scalars}]] | {scalars} | {python} | _NdtNestedSequence[{python} | _ndt_np.ndarray[_NdtAny, _ndt_np.dtype[{scalars}]] | {scalars}]"
            for new, scalars, python in LINALG_STRICT.values()
        ],
    ]
    overloads = linalg_overloads(
        LETTERS + SUFFIX_LETTERS,
        REST,
        shaped_array_d,
        shaped_array_d,
        LINALG_FAMILIES,
        LINALG_PARAMS,
        LINALG_CLASS_PREFIX,
    )
    for name, texts in overloads.items():
        out.append(header.before(module, name))
        numpy_result = LINALG_NUMPY_RESULTS[name]
        result = "_NdtAny" if numpy_result == "Any" else f"{numpy_result} | _NdtAny"
        # numpy arrays keep numpy's own result (a numpy array satisfies the ShapedArray patterns)
        if name in ("inv", "solve", "cholesky", "pinv", "matrix_power"):  # a float array: its own dtype
            float_result = loose(numpy_array("tuple[_NdtAny, ...]", "_NdtDFloat"))
            out.append(
                guarded(
                    name,
                    "a: _ndt_np.ndarray[_NdtAny, _ndt_np.dtype[_NdtDFloat]], /, *args: _NdtAny, **kwargs: _NdtAny",
                    float_result,
                )
            )
        out.append(
            guarded(name, "a: _ndt_np.ndarray[_NdtAny, _NdtAny], /, *args: _NdtAny, **kwargs: _NdtAny", result).replace(
                "(a:", "(a:" if name != "norm" else "(x:"
            )
        )
        out += numpy_scalar_results(name)
        # norm without an axis: a numpy scalar too
        out += [
            re.sub(
                r"(axis: None = None, keepdims: _NdtLiteral\[False\] = False\) -> )_NdtArray\[(.*), tuple\[\(\)\]\]:",
                r"\1\2:",
                text,
            )
            for text in texts
        ]
        if name in LINALG_NARROWED:
            if name in ("solve", "lstsq"):  # the other argument a numpy array, a list or a scalar
                rest = ", rcond: float | None = None" if name == "lstsq" else ""
                out += strict_tail(name, "a", "b", rest, result)
            out += [header.narrow(module, name, old, new) for old, (new, _, _) in LINALG_STRICT.items()]
    return out


def numpy_scalar_results(name: str) -> list[str]:
    """numpy returns a scalar (np.float64, with __float__) where a batched call returns an array:
    det and slogdet of one matrix, norm of a float array without an axis."""
    square = "tuple[_NdtA, _NdtA]"
    out = []
    for family in LINALG_FAMILIES:
        arg = shaped_array(square, family.dtype)
        if name == "det":
            out.append(overload("det", f"a: {arg}", family.same))
        elif name == "slogdet":
            out.append(
                overload("slogdet", f"a: {arg}", f"{LINALG_CLASS_PREFIX}SlogdetResult[{family.same}, {family.real}]")
            )
    return out


def shaped_array_d(dtype: str, shape: str) -> str:
    return shaped_array(shape, dtype)


def indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def random_samples() -> list[str]:
    """numpy.random.Generator's samplers given a size read from `x.shape` (DimSize): an ndtyping
    array of those dimensions (`rng.standard_normal(x.shape)` is `(N, D)`, `rng.random(n)` `(N,)`,
    `rng.permutation(n)` int64 `(N,)`), like the creation functions. numpy's own type them with an
    unknown shape, whose operators then took any ndtyping array (held-out 4 np_metropolis: the
    acceptance mask `np.log(rng.random(x.shape[0])) < logp` went unchecked). Other sizes (an int,
    a literal tuple), array parameters (`loc=mu`) and `out=` keep numpy's own overloads."""
    module = "numpy.random._generator"
    out = [header.preamble(module), PREAMBLE]
    # (sampler, the parameters before `size` (each spelling), result dtypes). A required `size`
    # cannot follow parameters with defaults: normal's and uniform's are given positionally with
    # `size` (`rng.normal(0.0, 0.1, size=x.shape)`), or all by keyword (`rng.normal(size=x.shape)`).
    float_dtypes = [("", FLOAT64), ("dtype: type[Floating], ", "Floating")]
    samplers = [
        ("random", [""], float_dtypes),
        ("standard_normal", [""], float_dtypes),
        ("normal", ["loc: float, scale: float, ", "*, loc: float = 0.0, scale: float = 1.0, "], [("", FLOAT64)]),
        ("uniform", ["low: float, high: float, ", "*, low: float = 0.0, high: float = 1.0, "], [("", FLOAT64)]),
    ]
    for name, spellings, dtypes in samplers:
        out.append(header.before(module, f"Generator.{name}"))
        for before in spellings:
            star = "" if before.startswith("*") else "*, "
            # a size typed Any meets every overload: one whose `size` only Any meets answers for
            # them all (see shape_overloads in creation())
            params = f"self, {before}size: _NdtNever, {star}out: None = None"
            out.append(overload(name, params, loose(numpy_array("tuple[_NdtAny, ...]", FLOAT64))))
            for dtype, result in dtypes:
                for rank in (2, 1, 3, 4):
                    dims = [f"_NdtDimSize[{letter}]" for letter in LETTERS[:rank]]
                    for size in [tup(dims)] + ([dims[0]] if rank == 1 else []):
                        params = f"self, {before}size: {size}, {star}{dtype}out: None = None"
                        out.append(overload(name, params, shaped_array(tup(LETTERS[:rank]), result)))
    out.append(header.before(module, "Generator.permutation"))
    a = LETTERS[0]
    never = loose(numpy_array("tuple[_NdtAny, ...]", "_ndt_np.int64"))
    out.append(overload("permutation", "self, x: _NdtNever, axis: int = 0", never))
    out.append(
        overload("permutation", f"self, x: _NdtDimSize[{a}], axis: int = 0", shaped_array(tup([a]), "_ndt_np.int64"))
    )
    return out


def sections() -> list[str]:
    modules = [
        "numpy._core.fromnumeric", "numpy._core.numeric", "numpy.lib._shape_base_impl",
        "numpy._core.multiarray", "numpy._core.shape_base", "numpy._typing._ufunc", "numpy.lib._twodim_base_impl",
        "numpy.lib._function_base_impl", "numpy.lib._histograms_impl", "numpy._core.function_base",
        "numpy.lib._arraypad_impl", "numpy.lib._index_tricks_impl",
    ]  # fmt: skip
    with_sizes = {
        "numpy._core.fromnumeric",
        "numpy._core.numeric",
        "numpy._core.multiarray",
        "numpy.lib._twodim_base_impl",
    }
    out = []
    for module in modules:
        out.append(header.preamble(module))
        out.append(PREAMBLE)
        if module in with_sizes:
            out.append(SIZES_PREAMBLE)
    return (
        out
        + reductions()
        + layout()
        + products()
        + ufuncs()
        + scalar_operands()
        + number_base()
        + array_base()
        + same_shape()
        + creation()
        + rank_keeping()
        + joins()
        + statistics()
        + linalg()
        + einsum()
        + random_samples()
    )


def main(argv: list[str] | None = None) -> int:
    return write_template(TARGET, __file__, "numpy", "numpy's", sections(), argv)


if __name__ == "__main__":
    raise SystemExit(main())
