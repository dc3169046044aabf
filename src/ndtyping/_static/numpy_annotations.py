"""pyright's errors for an NDArray given where the user's code says `np.ndarray`: accepted.

To pyright, `NDArray` is a protocol that numpy's and jax's arrays fit (docs/static.md says why),
and `np.ndarray` is a class, so an NDArray value passed to a helper annotated `x: np.ndarray`,
`npt.NDArray[np.float64]` or `list[np.ndarray]`, or returned as one, is an error pyright cannot
avoid: a protocol is never a subclass. At run time the value is the numpy array it was declared
to be, and code written this way is common (it was the first cause of errors on correct files
in every corpus written without reading the stubs). So `ndtyping check` accepts such an error
when pyright's explanation gives no other reason: each failing part is an ndtyping array meeting
`ndarray[..., dtype[X]]` with its dtype one of X's (`float32` meets `Any`, `floating`,
`float32`; never `float64`, which stays an error). A jax result of ndtyping's stubs is not
accepted there: it is a jax array, not a numpy one. The count of accepted errors is in the
summary line; the editor, which runs pyright alone, still shows them.
"""

from __future__ import annotations

import re
from typing import Optional

import numpy as np

__all__ = ["dtype_clash", "ndarray_annotation_only"]

_RULES = ("reportArgumentType", "reportReturnType", "reportAssignmentType")
# the arrays a user's NDArray annotation or a numpy function of the overlay gives (not jax's)
_NUMPY_OR_DECLARED = r"(?:ShapedArray|_NdtArray)"
_PAIR = re.compile(
    rf'^"{_NUMPY_OR_DECLARED}\[(?P<dtype>[^,\[\]]+(?:\[[^\]]*\])?), .*" is not assignable to "(?P<target>.*)"$'
)
_TARGET = re.compile(r"^ndarray\[[^,]+(?:\[[^\]]*\])?, dtype\[(?P<dtype>.+)\]\]$")
_UNION_HEADER = re.compile(r'^Type ".*" is not assignable to type "(?P<union>.*)"$')


def ndarray_annotation_only(rule: str, message: str) -> bool:
    """True when pyright's only reason for this error is an NDArray meeting a numpy `ndarray`."""
    if rule not in _RULES:
        return False
    lines = message.replace("\xa0", " ").splitlines()[1:]
    if not lines:
        return False
    tree = _nest([(len(line) - len(line.lstrip()), line.strip()) for line in lines])
    return all(_accepted(text, children) for text, children in tree)


_Tree = list[tuple[str, "_Tree"]]


def _nest(lines: list[tuple[int, str]]) -> _Tree:
    """Explanation lines (indent, text) -> a forest by indentation."""
    forest: _Tree = []
    index = 0
    while index < len(lines):
        indent, text = lines[index]
        end = index + 1
        while end < len(lines) and lines[end][0] > indent:
            end += 1
        forest.append((text, _nest(lines[index + 1 : end])))
        index = end
    return forest


def _accepted(text: str, children: _Tree) -> bool:
    pair = _PAIR.match(text)
    if pair:
        target = _TARGET.match(pair.group("target"))
        return target is not None and _dtype_fits(pair.group("dtype"), target.group("dtype"))
    if _UNION_HEADER.match(text) and " | " in text:
        # one of the union's alternatives is enough (`np.ndarray | None`, `ndarray | _SupportsArrayUFunc`)
        return any(_accepted(child, grandchildren) for child, grandchildren in children)
    return bool(children) and all(_accepted(child, grandchildren) for child, grandchildren in children)


def dtype_clash(line: str) -> Optional[tuple[str, str]]:
    """(given, wanted) when an explanation line is an ndtyping array meeting a numpy `ndarray` of
    another dtype (`float32` where `float64` is annotated): a real error, said as one."""
    pair = _PAIR.match(line.strip())
    target = _TARGET.match(pair.group("target")) if pair else None
    if pair is None or target is None:
        return None
    given, wanted = pair.group("dtype"), target.group("dtype")
    if _dtype_fits(given, wanted) or _scalar_type(given) is None or _scalar_type(wanted) is None:
        return None
    return given, wanted


def _dtype_fits(given: str, wanted: str) -> bool:
    """Whether an array of scalar type `given` is an `ndarray[..., dtype[wanted]]`, as pyright prints them."""
    if wanted == "Any":
        return True
    given_type, wanted_type = _scalar_type(given), _scalar_type(wanted)
    return given_type is not None and wanted_type is not None and issubclass(given_type, wanted_type)


def _scalar_type(text: str) -> Optional[type]:
    """`float32`, `bool`, `floating[Any]`, `signedinteger[_64Bit]` -> numpy's scalar type; None for
    what is not one (a type variable, a union)."""
    match = re.fullmatch(r"(?:numpy\.)?(\w+)(?:\[(\w+)\])?", text.strip())
    if not match:
        return None
    name, argument = match.groups()
    if name == "bool":
        name = "bool_"
    found = getattr(np, name, None)
    if not isinstance(found, type) or not issubclass(found, np.generic):
        return None
    bits = re.fullmatch(r"_(\d+)Bit", argument or "")
    if bits:  # floating[_32Bit] is float32: the width makes it concrete
        prefix = {"floating": "float", "signedinteger": "int", "unsignedinteger": "uint", "complexfloating": "complex"}
        width = int(bits.group(1)) * (2 if name == "complexfloating" else 1)
        concrete = getattr(np, f"{prefix.get(name, '')}{width}", None)
        return concrete if isinstance(concrete, type) else None
    return found
