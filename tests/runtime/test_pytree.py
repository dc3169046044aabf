"""PyTree annotations: every form, flattened by ndtyping's builtin flattener and (if installed) by jax.

Each backend-parametrised test runs once with the builtin flattener (what ndtyping uses when jax
is not imported) and once with jax's, so the suite without jax still covers every form.

Annotations here are evaluated when written (no `from __future__ import annotations`), so the
test-local classes and structure strings they use resolve.
"""

import pickle
import subprocess
import sys
import textwrap
import typing
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Optional, TypeVar, Union

import numpy as np
import pytest

from ndtyping import AnnotationError, Float, ShapeError, TypeCheckError, check
from ndtyping._runtime import pytree as _pytree
from ndtyping._runtime.bindings import Scope, current_scope
from ndtyping._runtime.pytree import PyTree
from ndtyping._runtime.typecheck import compile_annotation

Vec = Float[np.ndarray, "n"]


@pytest.fixture(params=["builtin", "jax"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Which flattener the PyTree checks use in this test."""
    if request.param == "jax":
        pytest.importorskip("jax")  # imported, so _backend() picks jax's flattening
        assert isinstance(_pytree._backend(), _pytree._JaxTrees)
    else:
        monkeypatch.setattr(_pytree, "_backend", lambda: _pytree._BUILTIN)
    return str(request.param)


class Pair(NamedTuple):
    left: Any
    right: Any


def v(n: int) -> np.ndarray:
    return np.zeros(n, dtype=np.float32)


# --------------------------------------------------------------------------- PyTree and PyTree[Leaf]


def test_bare_pytree_is_anything(backend: str) -> None:
    assert compile_annotation(PyTree) is None
    assert compile_annotation(PyTree[Any]) is None
    assert isinstance(object(), PyTree)
    assert isinstance([1, "x", None], PyTree[Any])

    @check
    def f(x: PyTree) -> PyTree:
        return x

    assert f("anything") == "anything"


def test_pytree_is_not_a_constructor() -> None:
    with pytest.raises(TypeError, match="annotation"):
        PyTree()
    with pytest.raises(TypeError, match="isinstance"):
        issubclass(int, PyTree[int])


@pytest.mark.parametrize(
    "tree",
    [
        1,
        None,
        [],
        [1, (2, 3), {"a": 4, "b": None}],
        Pair(1, [2, 3]),
        OrderedDict(b=1, a=[2]),
        defaultdict(list, {"a": 1, "b": (2,)}),
        {"deep": [[[[(5,)]]]]},
    ],
)
def test_leaf_type_accepts_trees_of_it(backend: str, tree: Any) -> None:
    assert isinstance(tree, PyTree[int])


@pytest.mark.parametrize("tree", ["x", [1, "x"], {"a": (1, 2.5)}, Pair(1, [None, b"b"])])
def test_leaf_type_rejects_other_leaves(backend: str, tree: Any) -> None:
    assert not isinstance(tree, PyTree[int])


def test_failure_names_the_leaf_path(backend: str) -> None:
    @check
    def f(x: PyTree[int]) -> None: ...

    with pytest.raises(TypeCheckError) as info:
        f([1, {"a": (2, "three")}])
    message = str(info.value)
    assert "f() argument 'x': expected PyTree[int], got list" in message
    assert "leaf [1]['a'][1]: expected int, got str" in message

    with pytest.raises(TypeCheckError, match=r"leaf \.right: expected int"):
        f(Pair(1, 2.5))
    with pytest.raises(TypeCheckError, match=r"leaf \(the whole value\): expected int"):
        f("x")


def test_union_leaves(backend: str) -> None:
    leaf = Union[int, str, Vec]
    assert isinstance({"a": 1, "b": "two", "c": v(3)}, PyTree[leaf])
    assert not isinstance({"a": 1.5}, PyTree[leaf])
    assert isinstance([1, None], PyTree[Optional[int]])


def test_array_leaves_share_ordinary_dims(backend: str) -> None:
    @check
    def f(params: PyTree[Vec], x: Float[np.ndarray, "n"]) -> None: ...

    f({"w": v(3), "b": [v(3), v(3)]}, v(3))
    with pytest.raises(ShapeError) as info:  # array leaves: a ShapeError
        f({"w": v(3), "b": [v(3), v(4)]}, v(3))
    assert "leaf ['b'][1]: dim n: 4 here, but params bound it to 3" in str(info.value)
    with pytest.raises(ShapeError, match="dim n: 5 here, but params bound it to 3"):
        f({"w": v(3)}, v(5))


def test_container_leaf_types_stop_flattening(backend: str) -> None:
    # A subtree that matches the leaf annotation is a leaf (as in jaxtyping): the pairs here.
    ann = PyTree[tuple[int, int]]
    assert isinstance([(1, 2), {"a": (3, 4)}], ann)
    assert not isinstance([(1, 2), (3,)], ann)  # (3,) is no pair, and 3 is no pair either

    @check
    def f(x: PyTree[tuple[int, int], "T"], y: PyTree[tuple[int, int], "T"]) -> None: ...

    f([(1, 2), (3, 4)], [(5, 6), (7, 8)])
    with pytest.raises(TypeCheckError, match=r"structure T: PyTreeDef\(\[\*\]\) here"):
        f([(1, 2), (3, 4)], [(5, 6)])


def test_probe_leaves_no_bindings_behind(backend: str) -> None:
    # Probing whether (v(3), "s") is a leaf binds n=3 from its first item, then fails on "s":
    # the binding must not survive the probe.
    @check
    def f(x: Float[np.ndarray, "m"]) -> None:
        scope = current_scope()
        assert scope is not None
        assert not isinstance([(v(3), "s")], PyTree[tuple[Float[np.ndarray, "n"], int]])
        assert "n" not in scope.dims
        assert isinstance([(v(3), 1), (v(3), 2)], PyTree[tuple[Float[np.ndarray, "n"], int]])
        assert scope.dims["n"] == 3

    f(v(1))


def test_unflattenable_value_is_a_reason_not_a_crash(backend: str) -> None:
    bad = {1: 1, "a": 2}  # jax sorts dict keys to flatten a dict; these cannot be sorted
    assert not isinstance(bad, PyTree[int])

    @check
    def f(x: PyTree[int]) -> None: ...

    with pytest.raises(TypeCheckError, match="cannot be flattened as a PyTree"):
        f(bad)


# --------------------------------------------------------------------------- named structures


def test_named_structure_binds_across_arguments_and_return(backend: str) -> None:
    @check
    def f(x: PyTree[int, "T"], y: PyTree[int, "T"]) -> PyTree[str, "T"]:
        return {"a": "1", "b": ["2", "3"]} if isinstance(x, dict) else ("1", "2")

    f({"a": 1, "b": [2, 3]}, {"b": [4, 5], "a": 6})  # dict key order does not matter
    f((1, 2), (3, 4))
    with pytest.raises(TypeCheckError) as info:
        f((1, 2), [3, 4])
    message = str(info.value)
    assert "structure T: PyTreeDef([*, *]) here, but x bound it to PyTreeDef((*, *))" in message
    assert "bindings: T=PyTreeDef((*, *))" in message
    with pytest.raises(TypeCheckError, match="return value"):
        f([1], [2])


def test_literal_spelling_is_the_same_structure(backend: str) -> None:
    assert PyTree[int, Literal["T"]] is PyTree[int, "T"]

    @check
    def f(x: PyTree[int, Literal["T"]], y: PyTree[int, "T"]) -> None: ...

    f([1, 2], [3, 4])
    with pytest.raises(TypeCheckError, match="structure T"):
        f([1, 2], [3])


def test_none_is_an_empty_subtree(backend: str) -> None:
    @check
    def f(x: PyTree[Float[np.ndarray, "?n"], "T"], y: PyTree[Float[np.ndarray, "?n"], "T"]) -> None: ...

    f([None, v(2)], [None, v(2)])
    with pytest.raises(ShapeError, match=r"PyTreeDef\(\[\*, \*\]\) here, but x bound it to PyTreeDef\(\[None, \*\]\)"):
        f([None, v(2)], [v(2), v(2)])


def test_composite_structure(backend: str) -> None:
    @check
    def f(x: PyTree[int, "T"], y: PyTree[int, "S"], z: PyTree[int, "S T"]) -> None: ...

    f((1, 2), {"key": 3}, {"key": (4, 5)})
    f((1, 2), [3, 4], [(5, 6), (7, 8)])
    with pytest.raises(TypeCheckError) as info:
        f((1, 2), {"key": 3}, {"key": (4,)})
    assert "structure \"S T\": PyTreeDef({'key': (*,)}) here, expected PyTreeDef({'key': (*, *)})" in str(info.value)


def test_suffix_structure(backend: str) -> None:
    @check
    def f(x: PyTree[int, "T"], y: PyTree[int, "... T"]) -> None: ...

    f((1, 2), [(3, 4), {"a": (5, 6)}])
    f((1, 2), (3, 4))  # no upper levels at all
    f((1, 2), [])  # nothing below: vacuously true
    with pytest.raises(
        TypeCheckError, match=r'"\.\.\. T": the lowest levels of .* are not all PyTreeDef\(\(\*, \*\)\)'
    ):
        f((1, 2), [(3, 4), 5])


def test_suffix_of_a_single_leaf_accepts_any_tree(backend: str) -> None:
    @check
    def f(x: PyTree[int, "T"], y: PyTree[int, "... T"]) -> None: ...

    f(1, [1, {"a": (2, 3)}])


def test_prefix_structure(backend: str) -> None:
    @check
    def f(x: PyTree[int, "T"], y: PyTree[int, "T ..."]) -> None: ...

    f({"a": 1, "b": 2}, {"a": [1, 2], "b": (3, {"c": 4})})
    f({"a": 1, "b": 2}, {"a": 1, "b": 2})
    with pytest.raises(TypeCheckError, match=r'"T \.\.\.": .* does not begin with'):
        f({"a": 1, "b": 2}, {"a": 1})
    with pytest.raises(TypeCheckError, match="does not begin with"):
        f((1, 2), [1, 2])  # a list is not a tuple


def test_composite_prefix_and_suffix(backend: str) -> None:
    @check
    def f(
        s: PyTree[int, "S"], t: PyTree[int, "T"], up: PyTree[int, "S T ..."], down: PyTree[int, "... S T"]
    ) -> None: ...

    f([1, 2], (3,), [([1, 2],), ((3, 4),)], {"a": [(1,), (2,)], "b": [(3,), (4,)]})
    with pytest.raises(TypeCheckError, match="does not begin with"):
        f([1, 2], (3,), [(1,), 2], [[(1,), (2,)]])
    with pytest.raises(TypeCheckError, match="lowest levels"):
        f([1, 2], (3,), [(1,), (2,)], [[(1,), 2]])


@pytest.mark.parametrize("structure", ["S T", "... S", "S ..."])
def test_unbound_name_in_a_composite_is_an_annotation_error(backend: str, structure: str) -> None:
    @check
    def f(x: PyTree[int, "T"], y: PyTree[int, structure]) -> None: ...

    with pytest.raises(AnnotationError, match="uses S, which no earlier argument has bound"):
        f((1,), (2,))
    with pytest.raises(AnnotationError, match="no earlier argument"):
        isinstance((1,), PyTree[int, structure])  # outside a checked call nothing is bound


@pytest.mark.parametrize(
    ("structure", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("1T", "not a structure name"),
        ("T-1", "not a structure name"),
        ("... T ...", "not both"),
        ("S ... T", "only stand at the start or the end"),
        ("...", "alone says nothing"),
    ],
)
def test_malformed_structures(structure: str, message: str) -> None:
    with pytest.raises(AnnotationError, match=message):
        PyTree[int, structure]


def test_malformed_subscripts() -> None:
    with pytest.raises(AnnotationError, match="must be a string"):
        PyTree[int, 3]
    with pytest.raises(AnnotationError, match="must be a string"):
        PyTree[int, Literal[3]]
    with pytest.raises(AnnotationError, match="3 arguments"):
        PyTree[int, "T", "S"]


# --------------------------------------------------------------------------- ?name: per-leaf axes


def test_per_leaf_axes_differ_between_leaves_but_agree_between_trees(backend: str) -> None:
    @check
    def f(x: PyTree[Float[np.ndarray, "?n"], "T"], y: PyTree[Float[np.ndarray, "?n"], "T"]) -> None: ...

    x0, x1 = v(3), v(5)
    f((x0, x1), (v(3), v(5)))  # leaf 0 is 3 in both, leaf 1 is 5 in both
    with pytest.raises(ShapeError) as info:
        f((x1, x1), (v(3), v(5)))
    message = str(info.value)
    assert "leaf [0]: dim ?n@T[0]: 3 here, but x bound it to 5" in message
    assert "?n@T[0]=5, ?n@T[1]=5" in message


def test_per_leaf_and_ordinary_axes_together(backend: str) -> None:
    @check
    def f(
        x: PyTree[Float[np.ndarray, "?n d"], "T"], y: PyTree[Float[np.ndarray, "?n d"], "T"]
    ) -> Float[np.ndarray, "d"]:
        return np.zeros(2)

    f({"a": np.zeros((3, 2)), "b": np.zeros((7, 2))}, {"a": np.zeros((3, 2)), "b": np.zeros((7, 2))})
    with pytest.raises(ShapeError, match="dim d: 3 here, but x bound it to 2"):
        f({"a": np.zeros((3, 2))}, {"a": np.zeros((3, 3))})


def test_per_leaf_variadic_axes(backend: str) -> None:
    @check
    def f(x: PyTree[Float[np.ndarray, "*?batch c"], "T"], y: PyTree[Float[np.ndarray, "*?batch c"], "T"]) -> None: ...

    f([np.zeros((2, 4)), np.zeros((5, 6, 4))], [np.zeros((2, 4)), np.zeros((5, 6, 4))])
    with pytest.raises(ShapeError, match=r"\*\?batch@T\[1\]"):
        f([np.zeros((2, 4)), np.zeros((5, 6, 4))], [np.zeros((2, 4)), np.zeros((5, 4))])


def test_per_leaf_axes_need_a_named_structure() -> None:
    with pytest.raises(AnnotationError, match=r"per-leaf axis '\?n' needs a named structure"):
        PyTree[Float[np.ndarray, "?n"]]
    with pytest.raises(AnnotationError, match="needs a named structure"):
        PyTree[Union[int, Float[np.ndarray, "?n m"]]]
    PyTree[PyTree[Float[np.ndarray, "?n"], "S"]]  # the inner tree names its own structure


def test_per_leaf_axis_outside_a_pytree_is_an_annotation_error() -> None:
    with pytest.raises(AnnotationError, match=r"per-leaf axis '\?n' only has a meaning for a leaf of a PyTree"):
        isinstance(v(3), Float[np.ndarray, "?n"])

    @check
    def f(x: Float[np.ndarray, "?n"]) -> None: ...

    with pytest.raises(AnnotationError, match="named structure"):
        f(v(3))


# --------------------------------------------------------------------------- bindings and scope


def test_isinstance_inside_a_checked_call_uses_its_structures(backend: str) -> None:
    @check
    def f(x: PyTree[int, "T"]) -> tuple[bool, bool]:
        return isinstance([5, 6], PyTree[int, "T"]), isinstance([5], PyTree[int, "T"])

    assert f([1, 2]) == (True, False)
    assert isinstance([5], PyTree[int, "T"])  # outside: a fresh scope each time


def test_a_failed_check_leaves_no_bindings(backend: str) -> None:
    @check
    def f(x: Float[np.ndarray, "m"]) -> None:
        scope = current_scope()
        assert scope is not None
        before = (dict(scope.dims), dict(scope.trees or {}))
        assert not isinstance({"a": v(2), "b": v(3)}, PyTree[Float[np.ndarray, "n"], "T"])
        assert not isinstance({"a": v(2), "b": "x"}, PyTree[Float[np.ndarray, "?k n"], "T"])
        assert (dict(scope.dims), dict(scope.trees or {})) == before
        assert isinstance({"a": v(2)}, PyTree[Float[np.ndarray, "n"], "T"])
        assert scope.dims["n"] == 2 and "T" in (scope.trees or {})

    f(v(1))


def test_union_arm_that_fails_drops_its_structures(backend: str) -> None:
    # The first arm binds T (the tree matches) and then fails on its second item: the second
    # arm matches, and T must be unbound again for y.
    @check
    def f(x: Union[tuple[PyTree[int, "T"], str], tuple[Any, int]], y: PyTree[int, "T"]) -> None: ...

    f(([1, 2], 5), (1,))


def test_describe_shows_structures() -> None:
    scope = Scope("f")
    assert scope.describe() == "(none)"
    checker = compile_annotation(PyTree[int, "T"])
    assert checker is not None
    assert checker([1, (2, 3)], scope, "x") == ""
    assert scope.describe().startswith("T=PyTreeDef([*, (*, *)])")


def test_dataclass_fields(backend: str) -> None:
    @check
    @dataclass
    class Model:
        params: PyTree[Vec, "T"]
        grads: PyTree[Vec, "T"]

    Model({"w": v(2)}, {"w": v(2)})
    with pytest.raises(ShapeError, match="field 'grads'"):
        Model({"w": v(2)}, {"v": v(2)})


# --------------------------------------------------------------------------- the annotation object


def test_introspection_and_repr() -> None:
    # PyTree[...] is a subclass of PyTree (as in jaxtyping), so beartype and typeguard check it
    # with isinstance; what it was made from is in `leaftype` and `structure`.
    ann = PyTree[Vec, "T"]
    assert issubclass(ann, PyTree) and ann.leaftype is Vec and ann.structure == "T"
    assert PyTree[int].structure is None
    assert repr(ann) == ann.__name__ == """PyTree[Float[ndarray, "n"], 'T']"""
    assert repr(PyTree[Optional[int], "... S"]) == "PyTree[Optional[int], '... S']"
    assert PyTree.__name__ == "PyTree"
    assert ann is PyTree[Vec, "T"]  # made once
    assert ann is not PyTree[Vec, "S"]


def test_pickle_round_trip() -> None:
    ann = PyTree[int, "T"]
    assert pickle.loads(pickle.dumps(ann)) == ann


def test_generic_alias_substitution(backend: str) -> None:
    L = TypeVar("L")
    Tree = PyTree[L, "T"]
    assert isinstance([1, 2], Tree[int])
    assert not isinstance([1, "2"], Tree[int])


def test_string_annotations_are_resolved(backend: str) -> None:
    namespace: dict[str, Any] = {}
    exec(
        textwrap.dedent(
            """
            from __future__ import annotations
            import numpy as np
            from ndtyping import Float, check
            from ndtyping._runtime.pytree import PyTree

            @check
            def f(x: PyTree[Float[np.ndarray, "?n"], "T"], y: PyTree[Float[np.ndarray, "?n"], "T"]) -> None: ...
            """
        ),
        namespace,
    )
    namespace["f"]([v(1), v(2)], [v(1), v(2)])
    with pytest.raises(ShapeError):
        namespace["f"]([v(1), v(2)], [v(2), v(2)])


def test_forward_reference_leaf_is_resolved_when_checked() -> None:
    ann = PyTree["int"]
    assert ann.leaftype == typing.ForwardRef("int")
    assert isinstance([1, 2], ann)
    assert not isinstance(["x"], ann)

    def f(x: PyTree["int", "T"]) -> None: ...

    hints = typing.get_type_hints(f)
    assert not isinstance(["x"], hints["x"])
    with pytest.raises(AnnotationError, match="cannot be resolved"):
        isinstance([1], PyTree["NoSuchName"])


# --------------------------------------------------------------------------- the builtin flattener


def test_builtin_treedefs_print_like_jax() -> None:
    shown = [
        repr(_pytree._BUILTIN.flatten(tree, None)[1])
        for tree in ([None, 1], (1,), {"b": 1, "a": (2, 3)}, Pair(1, [2]), OrderedDict(b=1, a=2), ())
    ]
    assert shown == [
        "PyTreeDef([None, *])",
        "PyTreeDef((*,))",
        "PyTreeDef({'a': (*, *), 'b': *})",
        "PyTreeDef(CustomNode(namedtuple[Pair], [*, [*]]))",
        "PyTreeDef(CustomNode(OrderedDict[('b', 'a')], [*, *]))",
        "PyTreeDef(())",
    ]


def test_builtin_flattening_matches_jax() -> None:
    jax = pytest.importorskip("jax")
    if tuple(int(p) for p in jax.__version__.split(".")[:2]) < (0, 5):
        pytest.skip(
            "jax < 0.5 gives mapping keys in another order in its paths; the builtin flattening follows jax >= 0.5"
        )
    trees = [
        None, 1, [None, 1], (1,), {"b": 1, "a": (2, [3, None])}, Pair(1, [2, {"x": 3}]),
        OrderedDict(b=1, a=2), defaultdict(list, {"b": 1, "a": (2, 3)}), [], {}, (), [[[]]],
    ]  # fmt: skip
    for tree in trees:
        leaves, treedef = _pytree._BUILTIN.flatten(tree, None)
        jax_leaves, jax_treedef = jax.tree_util.tree_flatten(tree)
        assert leaves == jax_leaves
        assert repr(treedef) == repr(jax_treedef)
        assert treedef.num_leaves == jax_treedef.num_leaves
        rebuilt = treedef.unflatten(leaves)
        assert type(rebuilt) is type(tree) and jax.tree_util.tree_structure(rebuilt) == jax_treedef
        paths = _pytree._BUILTIN.paths(tree, None)
        assert paths == [jax.tree_util.keystr(p) for p, _ in jax.tree_util.tree_flatten_with_path(tree)[0]]


def test_builtin_treedef_prefix() -> None:
    _, prefix = _pytree._BUILTIN.flatten({"a": 0, "b": (0, 0)}, None)
    assert prefix.flatten_up_to({"a": [1, 2], "b": (3, 4)}) == [[1, 2], 3, 4]
    for bad in ({"a": 1}, {"a": 1, "b": [3, 4]}, {"a": 1, "b": (3,)}, [1, 2]):
        with pytest.raises(ValueError):
            prefix.flatten_up_to(bad)


def test_checking_numpy_trees_does_not_import_jax() -> None:
    code = """
        import sys
        import numpy as np
        from ndtyping import Float, check
        from ndtyping._runtime.pytree import PyTree
        from ndtyping._jaxtyping import vocabulary as _jax  # the vocabulary module itself loads nothing

        @check
        def f(x: PyTree[Float[np.ndarray, "?n"], "T"], y: PyTree[Float[np.ndarray, "?n"], "T"]) -> None: ...

        f({"a": np.zeros(2), "b": [np.zeros(3)]}, {"a": np.zeros(2), "b": [np.zeros(3)]})
        assert _jax.Shape == tuple[int, ...]
        assert "jax" not in sys.modules, sorted(m for m in sys.modules if m.startswith("jax"))
        print("ok")
    """
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout


# --------------------------------------------------------------------------- jax-only: registered nodes


@pytest.fixture
def jax() -> Any:
    return pytest.importorskip("jax")


def test_registered_dataclass_nodes(jax: Any) -> None:
    @dataclass
    class Linear:
        w: Any
        b: Any

    jax.tree_util.register_dataclass(Linear, data_fields=["w", "b"], meta_fields=[])

    @check
    def f(x: PyTree[Float[np.ndarray, "?n"], "T"], y: PyTree[Float[np.ndarray, "?n"], "T"]) -> None: ...

    f([Linear(v(2), v(3))], [Linear(v(2), v(3))])
    with pytest.raises(ShapeError) as info:
        f([Linear(v(2), v(3))], [Linear(v(2), v(4))])
    assert "leaf [0].b: dim ?n@T[1]: 4 here, but x bound it to 3" in str(info.value)
    with pytest.raises(ShapeError, match="structure T"):
        f([Linear(v(2), v(3))], [(v(2), v(3))])


def test_registered_node_as_the_leaf_type(jax: Any) -> None:
    @jax.tree_util.register_pytree_node_class
    class Box:
        def __init__(self, value: Any) -> None:
            self.value = value

        def tree_flatten(self) -> Any:
            return (self.value,), None

        @classmethod
        def tree_unflatten(cls, aux: Any, children: Any) -> "Box":
            return cls(*children)

    # A Box is a node to jax, but it matches the leaf annotation, so it is a leaf here.
    assert isinstance([Box(1), Box("x")], PyTree[Box])
    assert not isinstance([Box(1), 2], PyTree[Box])
    assert isinstance([Box(1), Box(2)], PyTree[int])  # flattened through: its leaves are ints


def test_jax_arrays_and_none(jax: Any) -> None:
    import jax.numpy as jnp

    @check
    def f(x: PyTree[Float[jax.Array, "?n"], "T"], y: PyTree[Float[jax.Array, "?n"], "T"]) -> None: ...

    f({"a": jnp.zeros(2), "b": None}, {"a": jnp.ones(2), "b": None})
    with pytest.raises(ShapeError, match=r"\['a'\]: dim \?n@T\[0\]: 3 here"):
        f({"a": jnp.zeros(2), "b": None}, {"a": jnp.ones(3), "b": None})


def test_structure_bound_without_jax_compares_with_jax(jax: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # jax imported in the middle of a call: a structure bound by the builtin flattener is rebuilt.
    @check
    def f(x: PyTree[int, "T"], y: PyTree[int, "T"], z: PyTree[int, "T ..."]) -> None: ...

    jax_backend = _pytree._backend()
    calls: list[str] = []

    def switching_backend() -> Any:
        calls.append("x")
        return _pytree._BUILTIN if len(calls) == 1 else jax_backend

    monkeypatch.setattr(_pytree, "_backend", switching_backend)
    f({"a": 1, "b": (2, 3)}, {"a": 4, "b": (5, 6)}, {"a": [7], "b": (8, 9)})
    calls.clear()
    with pytest.raises(TypeCheckError, match="structure T"):
        f({"a": 1, "b": (2, 3)}, {"a": 4, "b": [5, 6]}, {"a": 7, "b": (8, 9)})


def test_optional_tree_and_argument_sizes(backend: str) -> None:
    @check
    def f(x: Optional[PyTree[Float[np.ndarray, "{n}"], "T"]], n: int, y: PyTree[int, "T"]) -> None: ...

    f(None, 3, None)
    f([v(3)], 3, [1])
    with pytest.raises(ShapeError, match=r"leaf \[0\]: axis 0: size 3, but \{n\} = 4"):
        f([v(3)], 4, [1])
    with pytest.raises(TypeCheckError, match="structure T"):
        f([v(3)], 3, [1, 2])
