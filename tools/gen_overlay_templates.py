"""Generate src/ndtyping/_overlay_data/numpy.stub: ndtyping's shape-aware numpy overloads.

Run `python tools/gen_overlay_templates.py` to rewrite the template, `--check` to fail when the
committed file is stale (the test suite does that). The template holds only ndtyping's own
overloads; `ndtyping._overlay` inserts them ahead of numpy's, in the stubs numpy installed, when
it builds the overlay on a user's machine (see that module for the section format).

Each stubbed function gets two families of overloads, tried in this order:
1. numpy arrays (`np.ndarray[tuple[...], np.dtype[D]]`) -> numpy arrays of the computed shape,
   so plain numpy code keeps numpy types and gains shapes;
2. ndtyping arrays (`ShapedArray[D, tuple[...]]`, i.e. `NDArray[D, ...]`) -> ndtyping arrays.
Anything else (lists, a computed axis, `out=`, a `dtype=`) falls through to numpy's overloads.
"""

from __future__ import annotations

from pathlib import Path

from _generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "ndtyping" / "_overlay_data" / "numpy.stub"

LETTERS = ["_NdtA", "_NdtB", "_NdtC", "_NdtE"]
REST = "_NdtUnpack[_NdtRest]"
ONE = "_NdtLiteral[1]"

PREAMBLE = """\
import numpy as _ndt_np
from typing import Any as _NdtAny, Literal as _NdtLiteral, SupportsIndex as _NdtIndex, overload
from typing_extensions import TypeVar as _NdtTypeVar, TypeVarTuple as _NdtTypeVarTuple, Unpack as _NdtUnpack
from ndtyping._ndarray import ShapedArray as _NdtArray
_NdtD = _NdtTypeVar("_NdtD", bound=_ndt_np.generic)
_NdtDInexact = _NdtTypeVar("_NdtDInexact", bound=_ndt_np.inexact[_NdtAny])
_NdtDOther = _NdtTypeVar("_NdtDOther", bound=_ndt_np.integer[_NdtAny] | _ndt_np.bool_)
# Defaults: an array of unknown shape (tuple[Any, ...]) leaves these unsolved; they must then
# read as Any, not Unknown, or strict mode would flag every result.
_NdtA = _NdtTypeVar("_NdtA", default=_NdtAny)
_NdtB = _NdtTypeVar("_NdtB", default=_NdtAny)
_NdtC = _NdtTypeVar("_NdtC", default=_NdtAny)
_NdtE = _NdtTypeVar("_NdtE", default=_NdtAny)
_NdtRest = _NdtTypeVarTuple("_NdtRest", default=_NdtUnpack[tuple[_NdtAny, ...]])
_NdtSh = _NdtTypeVar("_NdtSh", bound=tuple[_NdtAny, ...])
from collections.abc import Sequence as _NdtSequence"""


def tup(items: list[str]) -> str:
    return f"tuple[{', '.join(items)}]" if items else "tuple[()]"


def kinds(dtype_in: str, dtype_out: str, shape_in: list[str], shape_out: list[str]) -> list[tuple[str, str]]:
    """(input type, output type) for a numpy array and for an ndtyping array."""
    return [
        (f"_ndt_np.ndarray[{tup(shape_in)}, _ndt_np.dtype[{dtype_in}]]", f"_ndt_np.ndarray[{tup(shape_out)}, _ndt_np.dtype[{dtype_out}]]"),
        (f"_NdtArray[{dtype_in}, {tup(shape_in)}]", f"_NdtArray[{dtype_out}, {tup(shape_out)}]"),
    ]


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


def overload(name: str, params: str, result: str) -> str:
    return f"@overload\ndef {name}({params}) -> {result}: ..."


# name -> (params after `a, axis`, dtype families [(dtype in, dtype out)])
REDUCTIONS = {
    "sum": ("dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.integer[_NdtAny]")]),
    "prod": ("dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.integer[_NdtAny]")]),
    "mean": ("dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.float64")]),
    "std": ("dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.float64")]),
    "var": ("dtype: None = None, out: None = None, *, keepdims: {keep}, **kwargs: _NdtAny", [("_NdtDInexact", "_NdtDInexact"), ("_NdtDOther", "_ndt_np.float64")]),
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
        out.append(f"## numpy._core.fromnumeric: before {name}")
        for axis, shape_in, shape_drop, shape_keep in axis_patterns():
            for dtype_in, dtype_out in families:
                for keep, shape_out in (("_NdtLiteral[False] = False", shape_drop), ("_NdtLiteral[True]", shape_keep)):
                    for arg, result in kinds(dtype_in, dtype_out, shape_in, shape_out):
                        params = f"a: {arg}, axis: _NdtLiteral[{axis}], " + rest.format(keep=keep)
                        out.append(overload(name, params, result))
    return out


def reversed_ranks() -> list[tuple[list[str], list[str]]]:
    return [(LETTERS[:rank], LETTERS[:rank][::-1]) for rank in range(1, 5)]


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
                    moved = new.pop(ii)
                    new.insert(jj, moved)
                rows.append((i, j, shape, new))
    return rows


def layout() -> list[str]:
    out = ["## numpy._core.fromnumeric: before transpose"]
    for shape_in, shape_out in reversed_ranks():
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_out):
            out.append(overload("transpose", f"a: {arg}, axes: None = None", result))
    out.append("## numpy._core.fromnumeric: before swapaxes")
    for i, j, shape_in, shape_out in permutations_of_axes("swap"):
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_out):
            out.append(overload("swapaxes", f"a: {arg}, axis1: _NdtLiteral[{i}], axis2: _NdtLiteral[{j}]", result))
    out.append("## numpy._core.numeric: before moveaxis")
    for i, j, shape_in, shape_out in permutations_of_axes("move"):
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_out):
            out.append(overload("moveaxis", f"a: {arg}, source: _NdtLiteral[{i}], destination: _NdtLiteral[{j}]", result))
    out.append("## numpy._core.fromnumeric: before squeeze")
    for axis, shape_in, shape_drop, _ in axis_patterns():
        for arg, result in kinds("_NdtD", "_NdtD", shape_in, shape_drop):
            out.append(overload("squeeze", f"a: {arg}, axis: _NdtLiteral[{axis}]", result))
    out.append("## numpy.lib._shape_base_impl: before expand_dims")
    for axis in range(0, 4):
        before = LETTERS[:axis]
        for arg, result in kinds("_NdtD", "_NdtD", [*before, REST], [*before, ONE, REST]):
            out.append(overload("expand_dims", f"a: {arg}, axis: _NdtLiteral[{axis}]", result))
    for axis in range(1, 5):
        after = LETTERS[: axis - 1]
        for arg, result in kinds("_NdtD", "_NdtD", [REST, *after], [REST, ONE, *after]):
            out.append(overload("expand_dims", f"a: {arg}, axis: _NdtLiteral[{-axis}]", result))
    return out


def products() -> list[str]:
    """dot: vector.vector, matrix.vector, vector.matrix, matrix.matrix."""
    a, b, c = LETTERS[:3]
    cases = [([a], [a], []), ([a, b], [b], [a]), ([a], [a, b], [b]), ([a, b], [b, c], [a, c])]
    out = ["## numpy._core.multiarray: before dot"]
    for left, right, result_shape in cases:
        for array in ("_ndt_np.ndarray[{s}, _ndt_np.dtype[_NdtD]]", "_NdtArray[_NdtD, {s}]"):
            left_t = array.format(s=tup(left))
            right_t = array.format(s=tup(right))
            result = array.format(s=tup(result_shape))
            out.append(overload("dot", f"a: {left_t}, b: {right_t}, out: None = None", result))
    return out


SCALARS = "_ndt_np.generic | int | float | complex"
BINARY = ["add", "subtract", "multiply", "divide", "power", "maximum", "minimum"]
UNARY = ["absolute", "negative", "exp", "log", "sin", "cos", "tanh", "sqrt"]


def ufuncs() -> list[str]:
    """Subclasses of numpy's ufunc types whose __call__ tries ndtyping's overloads first."""
    out = []
    a, b, c = LETTERS[:3]
    # matmul: vector.vector gives a scalar, then matrix.vector, vector.matrix, batched matrices
    out.append("## numpy._typing._ufunc: extend _GUFunc_Nin2_Nout1 as _NdtMatmul")
    out.append("class _NdtMatmul(_GUFunc_Nin2_Nout1[_NameType, _NTypes, _IDType, _Signature]):")
    cases = [([a], [a], None), ([a, b], [b], [a]), ([a], [a, b], [b]), ([REST, a, b], [REST, b, c], [REST, a, c])]
    for left, right, result_shape in cases:
        for array in ("_ndt_np.ndarray[{s}, _ndt_np.dtype[_NdtD]]", "_NdtArray[_NdtD, {s}]"):
            if result_shape is None:
                result = "_NdtD" if array.startswith("_ndt_np") else "_NdtArray[_NdtD, tuple[()]]"
            else:
                result = array.format(s=tup(result_shape))
            params = f"self, x1: {array.format(s=tup(left))}, x2: {array.format(s=tup(right))}, /"
            out.append(indent(overload("__call__", params, result)))
    # elementwise: same shape, a Python scalar, or a vector along the last axis
    out.append("## numpy._typing._ufunc: extend _UFunc_Nin2_Nout1 as _NdtBinary")
    out.append("class _NdtBinary(_UFunc_Nin2_Nout1[_NameType, _NTypes, _IDType]):")
    # numpy scalars have __array__ too; keep them on numpy's own (untyped) scalar result
    out.append(indent(overload("__call__", f"self, x1: {SCALARS}, x2: {SCALARS}, /", "_NdtAny")))
    for array in ("_ndt_np.ndarray[{s}, _ndt_np.dtype[{d}]]", "_NdtArray[{d}, {s}]"):
        for dtype, scalar in (("_NdtDInexact", "int | float"), ("_NdtDOther", "int")):
            same = array.format(s="_NdtSh", d=dtype)
            out.append(indent(overload("__call__", f"self, x1: {same}, x2: {same}, /", same)))
            out.append(indent(overload("__call__", f"self, x1: {same}, x2: {scalar}, /", same)))
            out.append(indent(overload("__call__", f"self, x1: {scalar}, x2: {same}, /", same)))
            matrix = array.format(s=tup([REST, a]), d=dtype)
            vector = array.format(s=tup([a]), d=dtype)
            out.append(indent(overload("__call__", f"self, x1: {matrix}, x2: {vector}, /", matrix)))
    out.append("## numpy._typing._ufunc: extend _UFunc_Nin1_Nout1 as _NdtUnary")
    out.append("class _NdtUnary(_UFunc_Nin1_Nout1[_NameType, _NTypes, _IDType]):")
    out.append(indent(overload("__call__", f"self, x: {SCALARS}, /", "_NdtAny")))
    for array in ("_ndt_np.ndarray[{s}, _ndt_np.dtype[{d}]]", "_NdtArray[{d}, {s}]"):
        same = array.format(s="_NdtSh", d="_NdtD")
        out.append(indent(overload("__call__", f"self, x: {same}, /", same)))
    out.append("## numpy: preamble")
    out.append("from numpy._typing._ufunc import _NdtBinary as _NdtBinary, _NdtMatmul as _NdtMatmul, _NdtUnary as _NdtUnary")
    out.append("## numpy: retype matmul -> _NdtMatmul")
    out += [f"## numpy: retype {name} -> _NdtBinary" for name in BINARY]
    out += [f"## numpy: retype {name} -> _NdtUnary" for name in UNARY]
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
        out.append(f"## {module}: before {name}")
        # ndarrays keep numpy's own (already shape-preserving) overloads; ndtyping arrays are added
        out.append(overload(name, f"a: _NdtArray[_NdtD, _NdtSh]{extra}", "_NdtArray[_NdtD, _NdtSh]"))
    out.append("## numpy._core.fromnumeric: before clip")
    for array in ("_ndt_np.ndarray[_NdtSh, _ndt_np.dtype[_NdtD]]", "_NdtArray[_NdtD, _NdtSh]"):
        out.append(overload("clip", f"a: {array}, a_min: int | float | None, a_max: int | float | None", array))
    out.append("## numpy._core.multiarray: before where")
    for array in ("_ndt_np.ndarray[_NdtSh, _ndt_np.dtype[_NdtD]]", "_NdtArray[_NdtD, _NdtSh]"):
        condition = array.replace("_NdtD", "_ndt_np.bool_")
        out.append(overload("where", f"condition: {condition}, x: {array}, y: {array}, /", array))
    return out


def joins() -> list[str]:
    """stack and concatenate at the level of rank: the joined axis has an unknown size."""
    out = ["## numpy._core.shape_base: before stack"]
    for array, unknown in (("_ndt_np.ndarray[{s}, _ndt_np.dtype[_NdtD]]", "int"), ("_NdtArray[_NdtD, {s}]", "_NdtAny")):
        item = array.format(s=tup([REST]))
        out.append(overload("stack", f"arrays: _NdtSequence[{item}], axis: _NdtLiteral[0] = 0", array.format(s=tup([unknown, REST]))))
        out.append(overload("stack", f"arrays: _NdtSequence[{item}], axis: _NdtLiteral[-1]", array.format(s=tup([REST, unknown]))))
    out.append("## numpy._core.multiarray: before concatenate")
    for array, unknown in (("_ndt_np.ndarray[{s}, _ndt_np.dtype[_NdtD]]", "int"), ("_NdtArray[_NdtD, {s}]", "_NdtAny")):
        # the joined axis may differ between the arrays: Any in the pattern, unknown in the result
        item = array.format(s=tup(["_NdtAny", REST]))
        out.append(overload("concatenate", f"arrays: _NdtSequence[{item}], /, axis: _NdtLiteral[0] = 0", array.format(s=tup([unknown, REST]))))
        item = array.format(s=tup([REST, "_NdtAny"]))
        out.append(overload("concatenate", f"arrays: _NdtSequence[{item}], /, axis: _NdtLiteral[-1]", array.format(s=tup([REST, unknown]))))
    return out


def indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def sections() -> list[str]:
    modules = [
        "numpy._core.fromnumeric", "numpy._core.numeric", "numpy.lib._shape_base_impl",
        "numpy._core.multiarray", "numpy._core.shape_base", "numpy._typing._ufunc",
    ]  # fmt: skip
    out = []
    for module in modules:
        out.append(f"## {module}: preamble")
        out.append(PREAMBLE)
    return out + reductions() + layout() + products() + ufuncs() + same_shape() + joins()


HEADER = """\
# GENERATED by tools/gen_overlay_templates.py -- do not edit; run `python tools/gen_overlay_templates.py`.
# ndtyping's overloads for numpy, inserted ahead of numpy's own by ndtyping._overlay.
"""


def render() -> str:
    return HEADER + "\n".join(sections()) + "\n"


def main(argv: list[str] | None = None) -> int:
    return write_or_check(TARGET, render(), __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    raise SystemExit(main())
