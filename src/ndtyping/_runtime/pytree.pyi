# What static checkers see of ndtyping._runtime.pytree (the runtime module builds typing aliases that
# pyright cannot read). Hand-written: PyTree[X] is a recursive union of the containers jax
# flattens by default, so pyright accepts trees of X and rejects other leaves.
#
# The second argument is runtime-only information. pyright reads a string type argument as a
# forward reference, so the jaxtyping spelling PyTree[X, "T"] is a static error ("T" is not
# defined); PyTree[X, Literal["T"]] means the same at runtime and is clean for pyright.
# Custom pytree nodes (registered dataclasses, equinox Modules) are not in the union: pass them
# where PyTree[X] is expected with a cast, or annotate the parameter with their own type.
from collections.abc import Mapping, Sequence
from typing import Any, Union

from typing_extensions import TypeAlias, TypeVar

__all__ = ["PyTree"]

_Leaf = TypeVar("_Leaf", default=Any)
_Structure = TypeVar("_Structure", default=Any)

PyTree: TypeAlias = Union[
    _Leaf,
    Sequence["PyTree[_Leaf, _Structure]"],
    Mapping[Any, "PyTree[_Leaf, _Structure]"],
    None,
]
