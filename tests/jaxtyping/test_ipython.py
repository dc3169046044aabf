"""`%load_ext ndtyping` in a real IPython shell: functions and classes defined in cells are checked."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from ndtyping import ShapeError, TypeCheckError

pytest.importorskip("IPython")
from IPython.core.interactiveshell import InteractiveShell

DEFINE = """
import dataclasses
import numpy as np
from ndtyping import Float

def matmul(x: Float[np.ndarray, "n k"], y: Float[np.ndarray, "k m"]) -> Float[np.ndarray, "n m"]:
    return x @ y

@dataclasses.dataclass
class Point:
    xy: Float[np.ndarray, "2"]
"""


@pytest.fixture
def shell() -> Iterator[Any]:
    shell = InteractiveShell.instance()
    try:
        yield shell
    finally:
        shell.run_cell("%unload_ext ndtyping")
        InteractiveShell.clear_instance()


def run(shell: Any, cell: str) -> Any:
    result = shell.run_cell(cell)
    assert result.error_before_exec is None, result.error_before_exec
    return result


def test_load_ext_checks_functions_and_dataclasses_of_later_cells(shell: Any) -> None:
    assert run(shell, "%load_ext ndtyping").success
    assert run(shell, DEFINE).success
    good = run(shell, "matmul(np.ones((2, 3)), np.ones((3, 4))).shape")
    assert good.success and good.result == (2, 4)
    bad = run(shell, "matmul(np.ones((2, 3)), np.ones((4, 4)))")
    assert isinstance(bad.error_in_exec, ShapeError)
    assert "matmul() argument 'y': expected Float[ndarray, \"k m\"], got f64[4,4](numpy)" in str(bad.error_in_exec)
    assert isinstance(run(shell, "Point(np.zeros(3))").error_in_exec, ShapeError)
    assert run(shell, "Point(np.zeros(2))").success


def test_without_the_extension_or_after_unloading_nothing_is_checked(shell: Any) -> None:
    assert run(shell, DEFINE).success
    assert isinstance(run(shell, "matmul(np.ones((2, 3)), np.ones((4, 4)))").error_in_exec, ValueError)
    assert not isinstance(run(shell, "matmul(np.ones((2, 3)), np.ones((4, 4)))").error_in_exec, TypeCheckError)
    run(shell, "%load_ext ndtyping")
    run(shell, "%unload_ext ndtyping")
    assert run(shell, DEFINE).success
    assert not isinstance(run(shell, "matmul(np.ones((2, 3)), np.ones((4, 4)))").error_in_exec, TypeCheckError)


def test_loading_twice_checks_once_and_survives_reset(shell: Any) -> None:
    run(shell, "%load_ext ndtyping")
    run(shell, "%reload_ext ndtyping")
    assert sum("ndtyping" in repr(t) for t in shell.ast_transformers) == 1
    run(shell, "%reset -f")
    assert run(shell, DEFINE).success
    assert run(shell, "matmul.__wrapped__.__name__").result == "matmul"
    assert not hasattr(run(shell, "matmul.__wrapped__").result, "__wrapped__")  # one layer of checks
    assert isinstance(run(shell, "matmul(np.ones((2, 3)), np.ones((4, 4)))").error_in_exec, ShapeError)


def test_no_type_check_and_unannotated_functions_in_cells(shell: Any) -> None:
    run(shell, "%load_ext ndtyping")
    cell = (
        DEFINE
        + """
import typing

@typing.no_type_check
def loose(x: Float[np.ndarray, "n"]) -> int:
    return x

def plain(x):
    return x
"""
    )
    assert run(shell, cell).success
    assert run(shell, "loose(np.zeros((2, 2))).shape").result == (2, 2)
    assert run(shell, "hasattr(plain, '__wrapped__')").result is False


def test_typechecker_magic_switches_to_typeguard(shell: Any) -> None:
    typeguard = pytest.importorskip("typeguard")
    run(shell, "%load_ext ndtyping")
    assert run(shell, "%ndtyping.typechecker typeguard.typechecked").success
    assert run(shell, DEFINE).success
    bad = run(shell, "matmul(np.ones((2, 3)), np.ones((4, 4)))")
    assert isinstance(bad.error_in_exec, TypeCheckError)
    assert isinstance(bad.error_in_exec.__cause__, typeguard.TypeCheckError)
    run(shell, "%ndtyping.typechecker None")
    assert run(shell, DEFINE).success
    assert isinstance(run(shell, "matmul(np.ones((2, 3)), np.ones((4, 4)))").error_in_exec, ShapeError)
