"""The overlay survives a numpy release that moves what a template relies on.

A copy of the installed numpy's stubs stands in for a future release: one templated function
is renamed, and one templated class is replaced by functions (what numpy 2.5 did to `zeros`).
The overlay must still build, warn once naming each, and keep every other shape.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from ndtyping._static.overlay import _package_dir, build_overlay, supported

from .run_pyright import run_pyright
from .test_stubs import VERSION, config

pytestmark = pytest.mark.skipif(not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3")

CASE = """
from typing import Any, Literal
from typing_extensions import assert_type
import numpy as np
from ndtyping import NDArray, DimensionVar, float32

N = DimensionVar("N")
M = DimensionVar("M")

def kept(x: NDArray[float32, N, M]) -> None:
    assert_type(np.mean(x, axis=0), NDArray[float32, M])  # mean is untouched: still shaped
    assert_type(np.transpose(x), NDArray[float32, M, N])
    a: NDArray[float32, Literal[2], Literal[3]] = np.zeros((2, 3), dtype=np.float32)

def fallen_back(x: NDArray[float32, N, M]) -> NDArray[float32, M]:
    return np.total(x, axis=0)  # the renamed function: numpy's own types, no shape, no error
"""


def _copy_numpy(tmp: Path) -> Path:
    source = _package_dir("numpy")
    assert source is not None
    copy = tmp / "numpy"
    shutil.copytree(
        source, copy, ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.dll", "tests", "__pycache__", "*.a", "*.lib")
    )
    return copy


def _rename_sum(numpy: Path) -> None:
    """numpy.sum becomes numpy.total, as a release that renames a function would have it."""
    fromnumeric = numpy / "_core" / "fromnumeric.pyi"
    renamed = re.sub(r"^def sum\b", "def total", fromnumeric.read_text(), flags=re.M)  # also `def sum[T](` (numpy 2.5)
    fromnumeric.write_text(renamed.replace('"sum",', '"total",'))
    init = numpy / "__init__.pyi"
    init.write_text(re.sub(r"^(\s+)sum,$", r"\1total,", init.read_text(), flags=re.M).replace('"sum",', '"total",'))


def test_a_renamed_function_warns_and_the_rest_builds(tmp_path: Path) -> None:
    numpy = _copy_numpy(tmp_path / "release")
    _rename_sum(numpy)
    warnings: list[str] = []
    overlay = build_overlay(tmp_path / "overlay", ("numpy",), sources={"numpy": numpy}, warn=warnings.append)

    assert len(warnings) == 1, warnings
    assert "numpy._core.fromnumeric has no function 'sum'" in warnings[0]
    assert "numpy._core.fromnumeric.sum (function) keeps numpy's own types" in warnings[0]
    patched = (overlay / "numpy" / "_core" / "fromnumeric.pyi").read_text()
    assert "def mean(a: _NdtArray" in patched  # the module's other templates applied

    case = tmp_path / "case.py"
    case.write_text(CASE)
    diagnostics = run_pyright([case], VERSION, config(tmp_path, overlay, strict=False))
    assert [d for d in diagnostics if d.severity == "error"] == [], "\n".join(map(str, diagnostics))

    # A second build from the cache repeats the warning instead of going quiet.
    again: list[str] = []
    build_overlay(tmp_path / "overlay", ("numpy",), sources={"numpy": numpy}, warn=again.append)
    assert again == warnings


def test_a_variant_that_no_longer_fits_falls_to_the_next(tmp_path: Path) -> None:
    """numpy <= 2.4 types zeros as a `_ConstructorEmpty` instance, numpy 2.5 as functions: the
    template carries both, and exactly one applies to either release, without a warning."""
    numpy = _copy_numpy(tmp_path / "release")
    warnings: list[str] = []
    overlay = build_overlay(tmp_path / "overlay", ("numpy",), sources={"numpy": numpy}, warn=warnings.append)
    multiarray = (overlay / "numpy" / "_core" / "multiarray.pyi").read_text()
    as_class = "class _NdtConstructorEmpty(_ConstructorEmpty):" in multiarray
    as_functions = re.search(r"^def zeros\(shape: tuple\[\w+, \w+\], dtype: type\[\w+\]", multiarray, re.M) is not None
    assert as_class != as_functions, "exactly one spelling of zeros applies"
    assert warnings == []


def test_a_removed_module_costs_only_its_shapes(tmp_path: Path) -> None:
    numpy = _copy_numpy(tmp_path / "release")
    (numpy / "lib" / "_twodim_base_impl.pyi").unlink()
    (numpy / "lib" / "_twodim_base_impl.py").unlink()  # the overlay reads a module without a stub too
    warnings: list[str] = []
    overlay = build_overlay(tmp_path / "overlay", ("numpy",), sources={"numpy": numpy}, warn=warnings.append)
    assert any("no stub for numpy.lib._twodim_base_impl" in w for w in warnings), warnings
    assert all("_twodim_base_impl" in w for w in warnings), warnings
    assert "def mean(a: _NdtArray" in (overlay / "numpy" / "_core" / "fromnumeric.pyi").read_text()


def test_narrowing_a_class_changes_its_bases_only() -> None:
    """`## numpy: narrow number generic -> _NdtNumber` makes the class derive from the new name;
    the same name inside the class body (a method's annotation) stays the library's."""
    from ndtyping._static.overlay import _apply
    from ndtyping._static.template_sections import parse_template

    source = (
        "class generic: ...\n"
        "class number(\n"
        "    generic,\n"
        "):\n"
        "    def widen(self, other: generic) -> generic: ...\n"
        "def keep(x: generic) -> generic: ...\n"
    )
    (section,) = parse_template("## numpy: narrow number generic -> _NdtNumber\n")
    patched = _apply(source, ast.parse(source), [section])
    assert "    _NdtNumber,\n):" in patched
    assert "def widen(self, other: generic) -> generic: ..." in patched
    assert "def keep(x: generic) -> generic: ..." in patched


def test_narrowing_a_class_to_a_generic_base() -> None:
    """The new base may take the class's type variables (numpy's ndarray derives from
    `_NdtArrayCommon[_ShapeT_co]`, which carries its shape to ndtyping's `_Shaped`), and the
    feature tag after it is still read."""
    from ndtyping._static.overlay import _apply
    from ndtyping._static.template_sections import parse_template

    source = "class _Common: ...\nclass ndarray(_Common, Generic[_ShapeT_co, _DTypeT_co]): ...\n"
    (section,) = parse_template("## numpy: narrow ndarray _Common -> _NdtArrayCommon[_ShapeT_co] [array-base]\n")
    assert (section.new, section.old, section.feature) == ("_NdtArrayCommon[_ShapeT_co]", "_Common", "array-base")
    patched = _apply(source, ast.parse(source), [section])
    assert "class ndarray(_NdtArrayCommon[_ShapeT_co], Generic[_ShapeT_co, _DTypeT_co]): ..." in patched
