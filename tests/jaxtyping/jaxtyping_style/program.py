"""A small program written for jaxtyping. Only the `from ndtyping import` line says ndtyping.

The tests run it as it is, with the typechecker line swapped for typeguard, and with the
import line swapped back to jaxtyping, and compare the verdicts of CASES (see
tests/jaxtyping/test_jaxtyping_style.py). Nothing here may depend on which library runs it.
"""

import dataclasses

import numpy as np
from beartype import beartype as typechecker

from ndtyping import AnnotationError, Float, Int, PyTree, Shaped, TypeCheckError, jaxtyped, print_bindings


@jaxtyped(typechecker=typechecker)
def matmul(x: Float[np.ndarray, "n k"], y: Float[np.ndarray, "k m"]) -> Float[np.ndarray, "n m"]:
    return x @ y


@jaxtyped(typechecker=typechecker)
def norms(x: Float[np.ndarray, "*batch d"]) -> Float[np.ndarray, "*batch"]:
    return np.linalg.norm(x, axis=-1)


@jaxtyped(typechecker=typechecker)
def broken_norms(x: Float[np.ndarray, "*batch d"]) -> Float[np.ndarray, "*batch"]:
    return x  # the bug: forgot to reduce over d


@jaxtyped(typechecker=typechecker)
def add_bias(x: Float[np.ndarray, "n #d"], bias: Float[np.ndarray, "#d"]) -> Float[np.ndarray, "n d"]:
    return x + bias


@jaxtyped(typechecker=typechecker)
def first(x: Shaped[np.ndarray, "n ..."]) -> Shaped[np.ndarray, "..."]:
    return x[0]


@jaxtyped(typechecker=typechecker)
def counts(labels: Int[np.ndarray, "n"], num_classes: int) -> Int[np.ndarray, "c"]:
    return np.bincount(labels, minlength=num_classes)


@jaxtyped(typechecker=typechecker)
def shift(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n-1"]:
    return x[1:]


@jaxtyped(typechecker=typechecker)
def broken_shift(x: Float[np.ndarray, "n"]) -> Float[np.ndarray, "n-1"]:
    return x


@jaxtyped(typechecker=typechecker)
def ignore_first_axis(x: Float[np.ndarray, "_ d"], y: Float[np.ndarray, "d"]) -> Float[np.ndarray, "d"]:
    return x[0] + y


@jaxtyped(typechecker=typechecker)
def same_length(x: Float[np.ndarray, "n"], y: np.ndarray) -> bool:
    print_bindings()
    return isinstance(y, Float[np.ndarray, "n"])  # shares n with x


def _leaves(tree):
    if isinstance(tree, dict):
        return [leaf for key in sorted(tree) for leaf in _leaves(tree[key])]
    if isinstance(tree, (list, tuple)):
        return [leaf for item in tree for leaf in _leaves(item)]
    return [tree]


@jaxtyped(typechecker=typechecker)
def tree_total(tree: PyTree[Float[np.ndarray, "n"]]) -> Float[np.ndarray, "n"]:
    return sum(_leaves(tree))


@jaxtyped(typechecker=typechecker)
@dataclasses.dataclass
class Batch:
    images: Float[np.ndarray, "b h w"]
    labels: Int[np.ndarray, "b"]


def malformed_annotation():
    return Float[np.ndarray, "a b,c"]


ones = np.ones
CASES = {
    "matmul": lambda: matmul(ones((2, 3)), ones((3, 4))),
    "matmul inner dims differ": lambda: matmul(ones((2, 3)), ones((4, 5))),
    "matmul integer input": lambda: matmul(ones((2, 3), dtype=np.int32), ones((3, 4))),
    "matmul wrong rank": lambda: matmul(ones(3), ones((3, 4))),
    "norms over *batch": lambda: norms(ones((2, 5, 3))),
    "norms of a vector: a numpy scalar is no ndarray": lambda: norms(ones(3)),
    "broken norms": lambda: broken_norms(ones((2, 5, 3))),
    "add_bias broadcasts x": lambda: add_bias(ones((4, 1)), ones(5)),
    "add_bias broadcasts bias": lambda: add_bias(ones((4, 5)), ones(1)),
    "add_bias mismatch": lambda: add_bias(ones((4, 3)), ones(5)),
    "first of a matrix": lambda: first(ones((3, 2, 2))),
    "first of a scalar": lambda: first(np.asarray(1.0)),
    "counts": lambda: counts(np.array([0, 1, 1]), 3),
    "counts of float labels": lambda: counts(np.array([0.0, 1.0]), 3),
    "counts with a float count": lambda: counts(np.array([0, 1]), 2.5),
    "shift": lambda: shift(ones(4)),
    "broken shift": lambda: broken_shift(ones(4)),
    "underscore axis": lambda: ignore_first_axis(ones((7, 3)), ones(3)),
    "underscore axis, d differs": lambda: ignore_first_axis(ones((7, 3)), ones(4)),
    "isinstance shares n": lambda: same_length(ones(3), ones(3)),
    "isinstance sees n bound by x": lambda: same_length(ones(3), ones(4)),
    "isinstance outside any call": lambda: isinstance(ones(3), Float[np.ndarray, "n"]),
    "tree of equal leaves": lambda: tree_total({"a": ones(3), "b": [ones(3), ones(3)]}),
    "tree with a longer leaf": lambda: tree_total({"a": ones(3), "b": [ones(3), ones(4)]}),
    "tree with a string leaf": lambda: tree_total({"a": ones(3), "b": "x"}),
    "batch": lambda: Batch(ones((2, 8, 8)), np.array([1, 2])),
    "batch with too many labels": lambda: Batch(ones((2, 8, 8)), np.array([1, 2, 3])),
    "batch with float images of wrong rank": lambda: Batch(ones((8, 8)), np.array([1, 2])),
}

__all__ = ["AnnotationError", "CASES", "TypeCheckError", "malformed_annotation"]
