"""jaxtyping parity: behaviours a codebase moving from jaxtyping relies on (issue 16).

Each test states a behaviour jaxtyping v0.3.11 has, written here from its documentation and
from what its test suite exercises (tools/run_jaxtyping_suite.py runs that suite itself).
"""

# No `from __future__ import annotations`: the checked functions below are local, and their
# annotations name local classes.
import pickle
import re
import typing
from typing import Any, TypeVar, Union

import numpy as np
import numpy.typing  # numpy 1.26 does not import its typing module itself (np.typing below)
import pytest

import ndtyping
from ndtyping import (
    AbstractArray,
    AbstractDtype,
    AnnotationError,
    Bool,
    Complex,
    Float,
    Float32,
    Int,
    Shaped,
    ShapeError,
    check,
    make_numpy_struct_dtype,
)

# --------------------------------------------------------------------------- Python scalars


@pytest.mark.parametrize(("category", "value"), [(Float, 1.0), (Int, 1), (Bool, True), (Complex, 1 + 2j)])
def test_python_scalars_fit_numpy_array_like_scalars(category: Any, value: Any) -> None:
    for shape in ("", "...", "*foo", "#*foo"):
        assert isinstance(value, category[np.typing.ArrayLike, shape])
    assert not isinstance(value, category[np.typing.ArrayLike, "3"])


def test_python_scalar_of_another_kind_is_rejected() -> None:
    assert not isinstance(1, Float[np.typing.ArrayLike, ""])  # int is not a float kind
    assert not isinstance(1.5, Int[np.typing.ArrayLike, ""])
    assert isinstance(np.float32(1.0), Float[np.typing.ArrayLike, ""])  # numpy scalars have a dtype


def test_a_python_scalar_type_alone_is_itself() -> None:
    assert Float[float, ""] is float
    assert Float[float, "..."] is float
    assert Float[float, "#*shape"] is float
    assert Shaped[Union[int, float], ""] == Union[int, float]
    with pytest.raises(AnnotationError, match="never a Float array"):
        Float[bool, "..."]
    with pytest.raises(ValueError):  # AnnotationError is a ValueError, as jaxtyping raises
        Float[float, "n"]


def test_python_scalars_under_check() -> None:
    @check
    def f(x: Float[np.typing.ArrayLike, ""], n: Int[np.typing.ArrayLike, ""]) -> None:
        pass

    f(1.0, 3)
    f(np.float64(1.0), np.int32(3))
    with pytest.raises(ndtyping.NdtypingError):
        f(1.0, 2.5)
    with pytest.raises(ndtyping.NdtypingError):
        f(1.0, np.zeros(3, np.int64))


def test_jax_array_like_takes_python_scalars() -> None:
    pytest.importorskip("jax")
    from ndtyping import ArrayLike

    assert isinstance(1.0, Float[ArrayLike, ""])
    assert isinstance(1, Int[ArrayLike, ""])
    assert isinstance(True, Bool[ArrayLike, ""])
    assert not isinstance(1.0, Float[ArrayLike, "4"])
    assert float in typing.get_args(Float[ArrayLike, ""])


# --------------------------------------------------------------------------- the array type


def test_typevar_array_type_means_its_bound() -> None:
    bounded = Float[TypeVar("A", bound=np.ndarray), "a b"]  # type: ignore[misc]
    assert isinstance(np.zeros((2, 3)), bounded)
    assert not isinstance(np.zeros(3), bounded)

    class Duck:
        shape = (2, 3)
        dtype = np.dtype("float32")

    assert not isinstance(Duck(), bounded)
    free = Float[TypeVar("T"), "a b"]  # type: ignore[misc]
    assert isinstance(Duck(), free)  # an unbounded TypeVar is any array type
    constrained = Float[TypeVar("C", np.ndarray, np.generic), "..."]  # type: ignore[misc]
    assert isinstance(np.float32(1.0), constrained)


def test_union_with_numpy_array_like() -> None:
    Float[Union[np.ndarray, np.typing.ArrayLike], ""]  # must not raise


# --------------------------------------------------------------------------- public names


def test_abstract_dtype_is_the_base_of_every_category() -> None:
    for name in ("Float", "Int32", "Shaped", "Key", "BFloat16", "Float8e4m3fn"):
        category = getattr(ndtyping, name)
        assert issubclass(category, AbstractDtype)
        assert category.__name__ == name


def test_own_dtype_for_a_duck_array() -> None:
    class MyDtype(AbstractDtype):
        dtypes = ["my_dtype"]

    class Duck:
        def __init__(self, shape: tuple[int, ...], dtype: str = "my_dtype") -> None:
            self.shape, self.dtype = shape, dtype

    annotation = MyDtype[Duck, "3 4"]
    assert isinstance(Duck((3, 4)), annotation)
    assert not isinstance(Duck((3, 5)), annotation)
    assert not isinstance(Duck((3, 4), "other"), annotation)

    @check
    def f(x: MyDtype[Duck, "n"], y: MyDtype[Duck, "n"]) -> None:
        pass

    f(Duck((3,)), Duck((3,)))
    with pytest.raises(ShapeError, match="dim n"):
        f(Duck((3,)), Duck((4,)))


def test_own_dtype_with_a_regular_expression() -> None:
    class Wide(AbstractDtype):
        dtypes = re.compile(r"(float|int)64")

    assert isinstance(np.zeros(2), Wide[np.ndarray, "n"])
    assert isinstance(np.zeros(2, np.int64), Wide[np.ndarray, "n"])
    assert not isinstance(np.zeros(2, np.float32), Wide[np.ndarray, "n"])
    # Nesting intersects: float64 only.
    both = Float[Wide[np.ndarray, "n"], "m"]
    assert isinstance(np.zeros((1, 2)), both)
    assert not isinstance(np.zeros((1, 2), np.int64), both)


def test_abstract_dtype_needs_dtypes() -> None:
    with pytest.raises(AnnotationError, match="needs a `dtypes` attribute"):

        class Nothing(AbstractDtype):
            pass


def test_abstract_array_is_the_base_of_every_annotation() -> None:
    annotation = Float32[np.ndarray, "a b"]
    assert issubclass(annotation, AbstractArray)
    assert annotation.dtype is Float32
    assert annotation.array_type is np.ndarray
    assert annotation.dim_str == "a b"
    assert annotation.index_variadic is None
    assert Float[np.ndarray, "a *b"].index_variadic == 1
    assert isinstance(np.zeros(3), AbstractArray)
    assert not isinstance(3, AbstractArray)


def test_annotations_cannot_be_instantiated() -> None:
    with pytest.raises(ndtyping.NdtypingError, match="cannot be instantiated"):
        Float[np.ndarray, ""]()
    with pytest.raises(ndtyping.NdtypingError, match="cannot be instantiated"):
        Float()


def test_numpy_struct_dtype() -> None:
    pair = np.dtype([("first", np.uint8), ("second", bool)])
    Pair = make_numpy_struct_dtype(pair, "Pair")
    assert issubclass(Pair, AbstractDtype) and Pair.__name__ == "Pair"
    values = np.array([(0, False)], dtype=pair)
    assert isinstance(values, Pair[np.ndarray, "_"])
    other = make_numpy_struct_dtype(np.dtype([("second", bool), ("first", np.uint8)]), "Other")
    assert not isinstance(values, other[np.ndarray, "_"])  # field order counts
    with pytest.raises(AnnotationError, match="structured dtype"):
        make_numpy_struct_dtype(np.dtype(np.float32), "Nope")


def test_array_name_format() -> None:
    assert ndtyping.get_array_name_format() == "dtype_and_shape"
    try:
        ndtyping.set_array_name_format("array")
        assert Float[np.ndarray, "name format"].__name__ == "ndarray"
    finally:
        ndtyping.set_array_name_format("dtype_and_shape")
    assert Float[np.ndarray, "name format"].__name__ == 'Float[ndarray, "name format"]'
    with pytest.raises(AnnotationError, match="not one of"):
        ndtyping.set_array_name_format("nope")


# --------------------------------------------------------------------------- pickling


def test_pickle_and_cloudpickle_after_use() -> None:
    cloudpickle = pytest.importorskip("cloudpickle")
    for annotation in (Shaped[np.ndarray, "2 3"], Float[np.ndarray, "_ _"], Float[np.ndarray, "..."]):
        assert isinstance(np.zeros((2, 3)), annotation)  # compiled check made: still picklable
        for module in (pickle, cloudpickle):
            loaded = module.loads(module.dumps(annotation))
            assert loaded.dtype is annotation.dtype and loaded.dim_str == annotation.dim_str
            assert isinstance(np.zeros((2, 3)), loaded)
            assert not isinstance(np.zeros((2, 3), np.int8), loaded) or annotation.dtype is Shaped
    for module in (pickle, cloudpickle):
        assert module.loads(module.dumps(AbstractArray)) is AbstractArray


def test_cloudpickle_into_a_fresh_process(tmp_path: Any) -> None:
    cloudpickle = pytest.importorskip("cloudpickle")
    import subprocess
    import sys

    annotation = Float32[np.ndarray, "a b"]
    isinstance(np.zeros((1, 1), np.float32), annotation)
    (tmp_path / "a.pkl").write_bytes(cloudpickle.dumps(annotation))
    code = (
        "import pickle, numpy as np, ndtyping; a = pickle.load(open('a.pkl', 'rb')); "
        "assert a.dtype is ndtyping.Float32 and isinstance(np.zeros((2, 3), np.float32), a) "
        "and not isinstance(np.zeros(2, np.float32), a); print('ok')"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert result.stdout.strip() == "ok", result.stderr


# --------------------------------------------------------------------------- the grammar


def test_bare_star_is_any_axes() -> None:
    assert isinstance(np.zeros((2, 3)), Float[np.ndarray, "*"])
    assert isinstance(np.zeros(()), Float[np.ndarray, "*"])
    assert isinstance(np.zeros((2, 3)), Float[np.ndarray, "* 3"])


def test_modifiers_before_a_documentation_name() -> None:
    for shape in ("bar #foo=bar", "bar foo=#bar"):
        annotation = Float[np.ndarray, shape]
        assert isinstance(np.zeros((3, 3)), annotation)
        assert isinstance(np.zeros((3, 1)), annotation)
        assert not isinstance(np.zeros((3, 4)), annotation)


def test_expression_inside_braces() -> None:
    @check
    def shorter(dim: int) -> Float[np.ndarray, "{dim-1}"]:
        return np.zeros(dim - 1)

    @check
    def wrong(dim: int) -> Float[np.ndarray, "{dim-1}"]:
        return np.zeros(dim)

    @check
    def smallest(a: int, b: int) -> Float[np.ndarray, "{min(a,b)}"]:
        return np.zeros(min(a, b))

    shorter(3)
    smallest(4, 2)
    with pytest.raises(ShapeError, match=re.escape("{dim-1} = 2")):
        wrong(3)


def test_broadcast_variadic_across_ranks() -> None:
    @check
    def g(x: Float[np.ndarray, "*#foo"], y: Float[np.ndarray, "*#foo"]) -> None:
        pass

    z = np.zeros
    for a, b in [((4,), (4, 4)), ((3,), (1,)), ((1, 4), (4,)), ((5, 6), (5, 1)), ((2, 1), (3,)), ((1, 6), (5, 6))]:
        g(z(a), z(b))
    for a, b in [((3,), (4,)), ((3,), (4, 4)), ((5, 6), (4,)), ((5, 6), (1, 4)), ((4, 4), (5, 1)), ((1, 6), (4, 4))]:
        with pytest.raises(ShapeError, match="does not broadcast"):
            g(z(a), z(b))


def test_broadcast_variadic_against_a_plain_one() -> None:
    @check
    def f(x: Float[np.ndarray, "*foo"], y: Float[np.ndarray, "#*foo"]) -> None:
        pass

    @check
    def h(x: Float[np.ndarray, "*#foo"], y: Float[np.ndarray, "*foo"]) -> None:
        pass

    f(np.zeros((7, 3, 2)), np.zeros((1, 2)))  # y broadcasts to x's axes
    h(np.zeros((1, 2)), np.zeros((7, 3, 2)))  # x broadcasts to y's axes
    with pytest.raises(ShapeError):
        f(np.zeros((3, 4)), np.zeros(5))
    with pytest.raises(ShapeError):
        f(np.zeros((1, 2)), np.zeros((7, 3, 2)))  # the plain axes came first: y must broadcast to them


# --------------------------------------------------------------------------- jax keys


def test_rbg_keys_are_prng_keys() -> None:
    jax = pytest.importorskip("jax")
    from ndtyping import PRNGKeyArray

    rbg = jax.random.PRNGKey(0, impl="rbg")
    assert rbg.shape == (4,)
    assert isinstance(rbg, PRNGKeyArray)
    keys = jax.numpy.stack([rbg, rbg])  # two raw rbg keys
    assert isinstance(keys, Shaped[PRNGKeyArray, "2"])
    assert not isinstance(jax.numpy.zeros(4, jax.numpy.uint32)[None], PRNGKeyArray)


# --------------------------------------------------------------------------- typechecker spellings


def _hook_module(tmp_path: Any, name: str) -> None:
    (tmp_path / f"{name}.py").write_text(
        "import numpy as np\nfrom ndtyping import Float\n\ndef f(x: Float[np.ndarray, 'n']) -> None:\n    pass\n"
    )


@pytest.mark.parametrize(
    "spelling",
    [
        "beartype.beartype(conf=beartype.BeartypeConf(strategy=beartype.BeartypeStrategy.On))",
        ("beartype", "beartype"),
    ],
)
def test_import_hook_typechecker_spellings(tmp_path: Any, monkeypatch: Any, spelling: Any) -> None:
    pytest.importorskip("beartype")
    import importlib
    import sys

    name = f"ndt_parity_hook_{abs(hash(str(spelling)))}"
    _hook_module(tmp_path, name)
    monkeypatch.syspath_prepend(str(tmp_path))
    with ndtyping.install_import_hook(name, spelling):
        module = importlib.import_module(name)
    try:
        module.f(np.zeros(3))
        with pytest.raises(ndtyping.TypeCheckError, match="beartype"):
            module.f(np.zeros((3, 3)))
    finally:
        sys.modules.pop(name, None)


@pytest.mark.parametrize(
    ("spelling", "why"),
    [
        ("beartype.beartype(conf=lambda: 1)", "is not a dotted name, a call or a constant"),
        ("beartype._decor(x)", "private attribute"),
        ("beartype.beartype(1 + 2)", "is not a dotted name, a call or a constant"),
        ("no_such_module_xyz.check()", "not an importable module"),
        (("beartype",), "tuple is (module, attribute)"),
    ],
)
def test_typechecker_expressions_are_not_eval(spelling: Any, why: str) -> None:
    with pytest.raises(ndtyping.ConfigurationError, match=re.escape(why)):
        ndtyping.install_import_hook("ndt_parity_never_imported", spelling)


def test_ipython_magic_under_jaxtypings_name() -> None:
    pytest.importorskip("IPython")
    from IPython.testing.globalipapp import start_ipython

    ip = start_ipython()
    assert ip is not None
    ip.run_line_magic("load_ext", "ndtyping")
    try:
        ip.run_line_magic("jaxtyping.typechecker", "beartype.beartype")
        ip.run_cell(
            "import numpy as np\nfrom ndtyping import Float\ndef f(x: Float[np.ndarray, 'n']): pass"
        ).raise_error()
        ip.run_cell("f(np.zeros(3))").raise_error()
        with pytest.raises(ndtyping.TypeCheckError, match="beartype"):
            ip.run_cell("f(np.zeros((3, 3)))").raise_error()
    finally:
        ip.run_line_magic("unload_ext", "ndtyping")


# --------------------------------------------------------------------------- PyTree under other checkers


def _violations() -> tuple[type[BaseException], ...]:
    """What beartype and typeguard raise for a value that does not fit."""
    found: list[type[BaseException]] = [TypeError]  # typeguard 2
    try:
        from beartype.roar import BeartypeCallHintViolation

        found.append(BeartypeCallHintViolation)
    except ImportError:
        pass
    try:
        from typeguard import TypeCheckError  # 3+

        found.append(TypeCheckError)
    except ImportError:
        pass
    return tuple(found)


def _checkers() -> list[Any]:
    found = []
    try:
        import beartype

        found.append(beartype.beartype)
    except ImportError:
        pass
    try:
        import typeguard

        found.append(typeguard.typechecked)
    except ImportError:
        pass
    return found


def test_pytree_is_a_class_under_beartype_and_typeguard(tmp_path: Any) -> None:
    # typeguard 4 reads the function's source, so the checked functions live in a module.
    (tmp_path / "ndt_parity_trees.py").write_text(
        "from ndtyping import PyTree\n\n"
        "def leaves(x: PyTree[int]) -> None: ...\n"
        "def anything(x: PyTree) -> PyTree: return x\n"
        "def same(x: PyTree[int, 'T'], y: PyTree[str, 'T ...']) -> None: ...\n"
    )
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("ndt_parity_trees", tmp_path / "ndt_parity_trees.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ndt_parity_trees"] = module
    try:
        spec.loader.exec_module(module)
        for checker in _checkers():
            leaves, anything = checker(module.leaves), checker(module.anything)  # no error at decoration
            if checker.__module__.startswith("beartype"):  # typeguard 4 reads "T ..." as Python code
                checker(module.same)
            leaves([1, {"a": 2}])
            anything(object())
            with pytest.raises(_violations()):
                leaves([1, "two"])
    finally:
        sys.modules.pop("ndt_parity_trees", None)


def test_pytree_subclass_and_names() -> None:
    from ndtyping import PyTree

    assert issubclass(PyTree[int], PyTree) and issubclass(PyTree[int, "T"], PyTree)
    assert PyTree[int].__name__ == "PyTree[int]"
    assert PyTree[int, "foo"].__name__ == "PyTree[int, 'foo']"
    assert PyTree[PyTree[str, "bar"], "foo"].__name__ == "PyTree[PyTree[str, 'bar'], 'foo']"
    with pytest.raises(TypeError):
        PyTree[int]()


def test_pytree_pickles() -> None:
    cloudpickle = pytest.importorskip("cloudpickle")
    from ndtyping import PyTree

    for module in (pickle, cloudpickle):
        assert module.loads(module.dumps(PyTree)) is PyTree
        assert module.loads(module.dumps(PyTree[int, "T"])) is PyTree[int, "T"]


def test_ambiguous_per_leaf_axes_are_an_annotation_error() -> None:
    from ndtyping import PyTree

    with pytest.raises(AnnotationError, match="ambiguous"):
        PyTree[PyTree[Float[np.ndarray, "?foo"], "S"], "T"]


# --------------------------------------------------------------------------- jaxtyped


def test_old_spelling_jaxtyped_over_a_checker() -> None:
    beartype = pytest.importorskip("beartype").beartype
    from ndtyping import jaxtyped

    with pytest.warns(DeprecationWarning, match="As of jaxtyping version 0.2.24"):

        @jaxtyped
        @beartype
        def full(dim: int, fill: Float[np.ndarray, ""]) -> Float[np.ndarray, "{dim}"]:
            return np.full((dim,), fill)

    with pytest.warns(DeprecationWarning):

        @jaxtyped
        @beartype
        def wrong(dim: int, fill: Float[np.ndarray, ""]) -> Float[np.ndarray, "{dim}"]:
            return np.full((dim + 1,), fill)

    full(3, np.array(0.0))  # `{dim}` reads the argument inside the old spelling's scope
    with pytest.raises(_violations()):
        wrong(3, np.array(0.0))


def test_dataclass_field_shapes_name_other_fields() -> None:
    import dataclasses

    from ndtyping import jaxtyped

    for typechecker in [*_checkers()[:1], check]:

        @jaxtyped(typechecker=typechecker)
        @dataclasses.dataclass
        class Padded:
            size: int
            values: Float[np.ndarray, "{size}"]

        Padded(3, np.zeros(3))
        with pytest.raises(ndtyping.TypeCheckError):
            Padded(3, np.zeros(4))


def test_no_type_check_over_jaxtyped() -> None:
    beartype = pytest.importorskip("beartype").beartype
    from ndtyping import jaxtyped

    @typing.no_type_check
    @jaxtyped(typechecker=beartype)
    def f(x: Float[np.ndarray, "a b"]) -> None:
        pass

    f("not an array")  # type: ignore[arg-type]


def test_typeguard_checks_x_or_y_unions_through_jaxtyped() -> None:
    from ndtyping._jaxtyping.jaxtyped import _for_external

    member = Float[np.ndarray, "n"]
    translated = _for_external(member | None)
    assert typing.get_origin(translated) is Union  # the union typeguard 2 knows how to check
    assert typing.get_args(translated) == (member, type(None))


def test_config_update_disables_later_decorations() -> None:
    from ndtyping import config

    try:
        config.update("jaxtyping_disable", True)
        assert config.jaxtyping_disable

        @check
        def f(x: Float[np.ndarray, "n"]) -> None:
            pass

        f("unchecked")  # type: ignore[arg-type]
        config.update("jaxtyping_disable", False)
        assert not config.jaxtyping_disable
    finally:
        config.update("jaxtyping_disable", None)  # NDTYPING_DISABLE decides again
    with pytest.raises(ndtyping.ConfigurationError, match="unknown setting"):
        config.update("jaxtyping_nope", True)


def test_remove_typechecker_stack() -> None:
    beartype = pytest.importorskip("beartype").beartype
    from ndtyping import config, jaxtyped

    @jaxtyped(typechecker=beartype)
    def f(x: Float[np.ndarray, "n"]) -> None:
        pass

    with pytest.raises(ndtyping.TypeCheckError) as chained:
        f(np.zeros((2, 2)))
    assert chained.value.__cause__ is not None
    try:
        config.update("jaxtyping_remove_typechecker_stack", "1")
        with pytest.raises(ndtyping.TypeCheckError) as short:
            f(np.zeros((2, 2)))
        assert short.value.__cause__ is None
    finally:
        config.update("jaxtyping_remove_typechecker_stack", False)


def test_instantiating_an_annotation_is_a_runtime_error() -> None:
    with pytest.raises(RuntimeError, match="cannot be instantiated"):
        Float[np.ndarray, ""]()
    assert issubclass(ndtyping.InstantiationError, ndtyping.NdtypingError)


# --------------------------------------------------------------------------- equinox


def test_equinox_fields_are_checked_after_conversion() -> None:
    eqx = pytest.importorskip("equinox")
    from ndtyping import jaxtyped

    def to_text(x: int) -> str:
        return str(x)

    def unchanged(x: int) -> int:
        return x

    for typechecker in [*_checkers()[:1], check]:

        @jaxtyped(typechecker=typechecker)
        class Text(eqx.Module):
            text: str = eqx.field(converter=to_text)

        @jaxtyped(typechecker=typechecker)
        class Broken(eqx.Module):
            text: str = eqx.field(converter=unchanged)

        assert Text(1).text == "1"  # the field holds a str once converted
        with pytest.raises(ndtyping.TypeCheckError):
            Text("1")  # the converter takes an int (equinox puts its annotation on __init__)
        with pytest.raises(ndtyping.TypeCheckError, match="text"):
            Broken(1)  # converted, the field is still an int


def test_equinox_module_fields_share_dims() -> None:
    eqx = pytest.importorskip("equinox")
    from ndtyping import jaxtyped

    @jaxtyped(typechecker=check)
    class Linear(eqx.Module):
        weight: Float[np.ndarray, "out inp"]
        bias: Float[np.ndarray, "out"]

    Linear(np.zeros((2, 3)), np.zeros(2))
    with pytest.raises(ShapeError, match="dim out"):
        Linear(np.zeros((2, 3)), np.zeros(3))


def test_own_dtypes_in_type_relations() -> None:
    class Wide(AbstractDtype):
        dtypes = re.compile(r"(float|int)64")

    class Narrow(AbstractDtype):
        dtypes = re.compile(r"int64")

    assert not Wide[np.ndarray, "n"].in_same_class(Narrow[np.ndarray, "n"])
    assert Wide[np.ndarray, "n"].in_same_class(Wide[np.ndarray, "m"])
    assert Wide[np.ndarray, "n"].is_super(Wide[np.ndarray, "n"])
    assert Float[np.ndarray, "n"].is_super(Float[Wide[np.ndarray, "n"], ""])


def test_super_init_in_checked_dataclass_hierarchies() -> None:
    import dataclasses

    from ndtyping import jaxtyped

    for typechecker in [*_checkers()[:1], check]:

        @jaxtyped(typechecker=typechecker)
        @dataclasses.dataclass
        class Base:
            x: int

            def __init__(self) -> None:
                self.x = "not yet an int"  # type: ignore[assignment]

        @jaxtyped(typechecker=typechecker)
        @dataclasses.dataclass
        class Derived(Base):
            def __init__(self) -> None:
                super().__init__()  # Base's own check waits for Derived's __init__ to finish
                self.x = 2

        assert Derived().x == 2
        with pytest.raises(ndtyping.TypeCheckError):
            Base()
