"""The overlay's type variables under the names hovers and error messages show.

The generators write `_NdtD`, `_NdtRest`, ... (a prefix that cannot collide while the templates
are put together); `readable()` renames them in the rendered template. The names are bound at
the top level of the library modules the overlay patches, so tests/tooling/test_generated.py (test_readable_names_are_bound_once_in_every_overlay_module)
checks that none of them is bound twice in a built overlay module (a name bound twice in a stub reads as Unknown).
"""

from __future__ import annotations

import re

READABLE = {
    "_NdtD": "D", "_NdtD2": "D2", "_NdtDInexact": "Inexact", "_NdtDSumKept": "SumKeeps", "_NdtDOther": "IntOrBool",
    "_NdtDInteger": "Integer", "_NdtDNumber": "Number", "_NdtDReal": "RealNumber", "_NdtDFloat": "Floating",
    "_NdtDComplex": "ComplexFloating", "_NdtDRealOrBool": "RealOrBool",
    "_NdtA": "A", "_NdtB": "B", "_NdtC": "C", "_NdtE": "E", "_NdtF": "F",
    "_NdtZ": "Z", "_NdtY": "Y", "_NdtX": "X", "_NdtW": "W",
    "_NdtRest": "Rest", "_NdtSh": "S", "_NdtShNE": "NonEmptyShape", "_NdtShape": "Sizes", "_NdtLongShape": "LongSizes",
    "_NdtS0": "Size0", "_NdtS1": "Size1", "_NdtS2": "Size2", "_NdtS3": "Size3", "_NdtShLit": "LiteralShape",
    "_NdtJaxArray": "ShapedJaxArray",
}  # fmt: skip
# The dimension variables both generators write patterns with: leading axes A, B, C, E (a letter
# each, `D` is the dtype), trailing axes Z, Y, X, W (last axis first), the leading axes of any
# length (Rest) and a literal size 1.
LETTERS = ["_NdtA", "_NdtB", "_NdtC", "_NdtE"]
SUFFIX_LETTERS = ["_NdtZ", "_NdtY", "_NdtX", "_NdtW"]
REST = "_NdtUnpack[_NdtRest]"
ONE = "_NdtLiteral[1]"
# The shape rules of the products, in LETTERS and REST: (first, second, result), in the order
# pyright tries them. Each rule is one more overload an untyped argument meets in every call (pyright
# tries them all when an argument is Unknown, and again per nesting level), so every rank is
# written with `Rest`: `(*Rest, A) . (A, B)` is vector.matrix, matrix.matrix and batch.matrix at once.
DOT_RULES = [
    ([REST, LETTERS[0]], [LETTERS[0], LETTERS[1]], [REST, LETTERS[1]]),
    ([REST, LETTERS[0]], [LETTERS[0]], [REST]),
]
# matmul adds a batch on both sides (the same leading axes) and a vector or matrix against a batch
MATMUL_RULES = [
    *DOT_RULES,
    ([REST, LETTERS[0], LETTERS[1]], [REST, LETTERS[1], LETTERS[2]], [REST, LETTERS[0], LETTERS[2]]),
    ([LETTERS[0]], [REST, LETTERS[0], LETTERS[1]], [REST, LETTERS[1]]),
    ([LETTERS[0], LETTERS[1]], [REST, LETTERS[1], LETTERS[2]], [REST, LETTERS[0], LETTERS[2]]),
]
_PATTERN = re.compile(r"\b(" + "|".join(sorted(map(re.escape, READABLE), key=len, reverse=True)) + r")\b")


def readable(text: str, keep: tuple[str, ...] = ()) -> str:
    """`text` with the overlay's names renamed (except those in `keep`)."""
    return _PATTERN.sub(lambda m: m.group(0) if m.group(0) in keep else READABLE[m.group(0)], text)


def dtype_given(var: str) -> str:
    """A `dtype=` parameter that solves `var` from a scalar type (`np.float32`, or a jax dtype object
    retyped as one) or from another array's dtype object (`dtype=x.dtype`, a `np.dtype[float32]`)."""
    return f"type[{var}] | _ndt_np.dtype[{var}]"
