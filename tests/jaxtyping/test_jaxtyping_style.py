"""jaxtyping code runs unchanged under ndtyping, with the same verdicts as under jaxtyping.

`jaxtyping_style/program.py` is a jaxtyping program whose only ndtyping-specific line is its
import. It is run as it is (beartype), with typeguard as the typechecker, through the import
hook with a typechecker string, and, where jaxtyping is installed, under jaxtyping itself: the
verdict of every case must be the one in EXPECTED (which the jaxtyping run confirms).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import sys
import types
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import pytest

from .conftest import MakePackage

PROGRAM = Path(__file__).with_name("jaxtyping_style") / "program.py"
BEARTYPE_LINE = "from beartype import beartype as typechecker"

OK, FAIL = "ok", "TypeCheckError"
EXPECTED: dict[str, str] = {
    "matmul": OK,
    "matmul inner dims differ": FAIL,
    "matmul integer input": FAIL,
    "matmul wrong rank": FAIL,
    "norms over *batch": OK,
    "norms of a vector: a numpy scalar is no ndarray": FAIL,
    "broken norms": FAIL,
    "add_bias broadcasts x": OK,
    "add_bias broadcasts bias": OK,
    "add_bias mismatch": FAIL,
    "first of a matrix": OK,
    "first of a scalar": FAIL,
    "counts": OK,
    "counts of float labels": FAIL,
    "counts with a float count": FAIL,
    "shift": OK,
    "broken shift": FAIL,
    "underscore axis": OK,
    "underscore axis, d differs": FAIL,
    "isinstance shares n": "ok True",
    "isinstance sees n bound by x": "ok False",
    "isinstance outside any call": "ok True",
    "tree of equal leaves": OK,
    "tree with a longer leaf": FAIL,
    "tree with a string leaf": FAIL,
    "batch": OK,
    "batch with too many labels": FAIL,
    "batch with float images of wrong rank": FAIL,
}


def _source(library: str = "ndtyping", typechecker: str = "beartype", program: Path = PROGRAM) -> str:
    source = program.read_text()
    assert "from ndtyping import" in source and BEARTYPE_LINE in source
    if library == "jaxtyping":
        source = source.replace("from ndtyping import", "from jaxtyping import")
    if typechecker == "typeguard":
        source = source.replace(BEARTYPE_LINE, "from typeguard import typechecked as typechecker")
    return source


@contextlib.contextmanager
def _loaded(source: str, name: str, program: Path = PROGRAM) -> Iterator[types.ModuleType]:
    module = types.ModuleType(name)
    module.__file__ = str(program)
    sys.modules[name] = module  # dataclasses look their module up
    try:
        exec(compile(source, str(program), "exec"), module.__dict__)  # noqa: S102 (our own test program)
        yield module
    finally:
        del sys.modules[name]


def verdicts(module: Any) -> dict[str, str]:
    found = {}
    for name, thunk in module.CASES.items():
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # print_bindings
                value = thunk()
        except module.TypeCheckError:
            found[name] = FAIL
        else:
            found[name] = f"ok {value!r}" if isinstance(value, bool) else OK
    return found


def test_expected_covers_every_case() -> None:
    pytest.importorskip("typeguard")
    with _loaded(_source(typechecker="typeguard"), "ndt_program_cases") as module:
        assert set(module.CASES) == set(EXPECTED)


def test_the_program_as_written_runs_under_ndtyping() -> None:
    pytest.importorskip("beartype")
    from .jaxtyping_style import program

    assert verdicts(program) == EXPECTED


def test_the_program_with_typeguard_runs_under_ndtyping() -> None:
    pytest.importorskip("typeguard")
    with _loaded(_source(typechecker="typeguard"), "ndt_program_typeguard") as module:
        assert verdicts(module) == EXPECTED


def test_jaxtyping_itself_gives_the_expected_verdicts() -> None:
    """The reference: EXPECTED is what jaxtyping (with beartype) says about the same program."""
    pytest.importorskip("jaxtyping")
    pytest.importorskip("beartype")
    with _loaded(_source("jaxtyping"), "ndt_program_jaxtyping") as module:
        assert verdicts(module) == EXPECTED


def test_malformed_annotation_is_an_annotation_error() -> None:
    pytest.importorskip("typeguard")
    import ndtyping

    with _loaded(_source(typechecker="typeguard"), "ndt_program_malformed") as module:
        with pytest.raises(ndtyping.AnnotationError, match="a b,c"):
            module.malformed_annotation()


def test_errors_are_type_errors_chained_to_the_checkers_own() -> None:
    typeguard = pytest.importorskip("typeguard")
    with _loaded(_source(typechecker="typeguard"), "ndt_program_errors") as module:
        with pytest.raises(TypeError) as caught:
            module.matmul(np.ones((2, 3)), np.ones((4, 5)))
    assert isinstance(caught.value, module.TypeCheckError)
    assert isinstance(caught.value.__cause__, typeguard.TypeCheckError)
    message = str(caught.value)
    assert "matmul() argument 'y': rejected by typeguard" in message
    assert "bindings: n=2, k=3" in message


UNDECORATED = """\
import dataclasses
import numpy as np
from ndtyping import Float, Int, PyTree


def matmul(x: Float[np.ndarray, "n k"], y: Float[np.ndarray, "k m"]) -> Float[np.ndarray, "n m"]:
    return x @ y


def tree_total(tree: PyTree[Float[np.ndarray, "n"]]) -> Float[np.ndarray, "n"]:
    return sum(tree)


@dataclasses.dataclass
class Batch:
    images: Float[np.ndarray, "b h w"]
    labels: Int[np.ndarray, "b"]
"""


def _hooked(make_package: MakePackage, typechecker: str) -> Any:
    from ndtyping import install_import_hook

    name = make_package({"__init__.py": "", "code.py": UNDECORATED})
    with install_import_hook(name, typechecker):
        return importlib.import_module(f"{name}.code")


def _assert_checked(module: Any, checker: str) -> None:
    from ndtyping import TypeCheckError

    assert module.matmul(np.ones((2, 3)), np.ones((3, 4))).shape == (2, 4)
    for bad in (
        lambda: module.matmul(np.ones((2, 3)), np.ones((4, 5))),
        lambda: module.tree_total([np.ones(3), np.ones(4)]),
        lambda: module.Batch(np.ones((2, 4, 4)), np.array([1])),
    ):
        with pytest.raises(TypeCheckError, match=f"rejected by {checker}"):
            bad()


def test_the_hook_with_a_typeguard_string(make_package: MakePackage) -> None:
    pytest.importorskip("typeguard")
    _assert_checked(_hooked(make_package, "typeguard.typechecked"), "typeguard")


def test_the_hook_with_a_beartype_string(make_package: MakePackage) -> None:
    pytest.importorskip("beartype")
    _assert_checked(_hooked(make_package, "beartype.beartype"), "beartype")
