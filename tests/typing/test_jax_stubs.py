"""The jax.numpy / jax.nn overlay, checked by running pyright with it on pyright's stubPath."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from ndtyping._static.overlay import _apply, _misfit, _template_text, build_overlay, supported
from ndtyping._static.template_sections import parse_template

from .run_pyright import HERE, Diagnostic, run_pyright
from .test_stubs import config

pytest.importorskip("jax")
pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(
        not supported("jax"), reason="the jax overlay needs numpy >= 2.3 (see ndtyping._static.overlay.supported)"
    ),
]
VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"
CORPUS = sorted((HERE / "corpus").glob("jax_*.py"))


@pytest.fixture(scope="session")
def overlay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_overlay(tmp_path_factory.mktemp("jax-overlay"))


def jax_config(tmp: Path, overlay: Path | None, strict: bool = True) -> Path:
    # jax's own stubs have Unknown parts (`device: _Device`): strict flags every jnp.zeros
    return config(tmp, overlay, strict, extra={"reportUnknownMemberType": "none"}, name="jax-")


def test_overlay_patches_jax(overlay: Path) -> None:
    jnp = (overlay / "jax" / "numpy" / "__init__.pyi").read_text()
    assert "import ShapedJaxArray as ShapedJaxArray" in jnp and "add: _NdtBinaryUfunc" in jnp
    assert "def relu(x: _NdtArray" in (overlay / "jax" / "nn" / "__init__.pyi").read_text()
    # jax's implementation (_src) is not mirrored; only the modules that define Array and ArrayLike are patched
    assert (overlay / "jax" / "__init__.py").exists()
    assert sorted(p.name for p in (overlay / "jax" / "_src").iterdir()) == ["basearray.pyi", "typing.pyi"]
    assert (
        "ArrayLike = _NdtUnion[_NdtJaxArrayLike, _NdtArrayLikeNDArray]"
        in (overlay / "jax" / "_src" / "typing.pyi").read_text()
    )
    # jax's Array class under another name, and Array a protocol deriving from it (docs/static.md)
    basearray = (overlay / "jax" / "_src" / "basearray.pyi").read_text()
    assert re.search(r"^class _NdtNominalArray\b", basearray, re.M) and not re.search(r"^class Array:", basearray, re.M)
    assert "class Array(_NdtPlainArray, _NdtProtocol):" in basearray


def test_renaming_jax_array_class() -> None:
    """`rename class` renames the definition only (references keep the name, which the preamble
    defines anew), and does not fit a jax whose basearray has no class `Array`; it is part of
    its module's base, so such a module keeps jax's own text (the preamble alone would define
    `Array` twice)."""
    sections = [s for s in parse_template(_template_text("jax")) if s.module == "jax._src.basearray"]
    assert [s.action for s in sections] == ["rename-class", "preamble", "narrow", "narrow"]
    source = (
        "from typing import final\n@final\nclass Array:\n  def copy(self) -> Array: ...\n"
        "StaticScalar = Union[np.bool_, np.number, int]\nArrayLike = Union[\n  Array,\n  StaticScalar]\n"
    )
    patched = _apply(source, ast.parse(source), sections)
    assert "@final\nclass _NdtNominalArray:\n  def copy(self) -> Array: ..." in patched
    assert "class Array(_NdtPlainArray, _NdtProtocol):" in patched
    # jax's ArrayLike names the class, as ndtyping's rules see it (an array of unknown dtype and shape)
    assert "class _NdtPlainArray(_NdtNominalArray, _NdtShaped[_NdtAny, tuple[_NdtAny, ...]]): ..." in patched
    assert "ArrayLike = Union[\n  _NdtPlainArray,\n  StaticScalar]" in patched
    # numpy's scalars by the overlay's base class of np.number, which has no bit width (an Any)
    assert "StaticScalar = Union[np.bool_, np._NdtNumber, int]" in patched
    moved = "class ArrayBase:\n  def copy(self) -> ArrayBase: ...\n"
    assert _misfit(sections[0], ast.parse(moved), moved.splitlines()) == "jax._src.basearray has no class 'Array'"


def test_jax_stub_cases(overlay: Path, tmp_path: Path) -> None:
    cases = sorted((HERE / "stub_cases_jax").glob("*.py"))
    diagnostics = run_pyright(cases, VERSION, jax_config(tmp_path, overlay))
    assert not diagnostics, "\n".join(map(str, diagnostics))


def test_seed_examples_fail_without_the_overlay(tmp_path: Path) -> None:
    """Without the overlay jax's types say nothing of shapes (and reject NDArray arguments)."""
    diagnostics = run_pyright([HERE / "stub_cases_jax" / "seed_jax.py"], VERSION, jax_config(tmp_path, None))
    assert any(d.rule == "reportUnnecessaryTypeIgnoreComment" for d in diagnostics), diagnostics
    assert any(d.rule == "reportArgumentType" for d in diagnostics), diagnostics


def _keyed(diagnostics: list[Diagnostic]) -> set[tuple[str, int, str]]:
    return {(d.file, d.line, d.rule) for d in diagnostics}


def test_corpus_is_clean_with_and_without_the_overlay(overlay: Path, tmp_path: Path) -> None:
    """Ordinary jax programs: zero pyright errors (standard mode) before, and zero with the overlay."""
    assert CORPUS
    without = run_pyright(CORPUS, VERSION, jax_config(tmp_path, None, strict=False))
    assert not without, "the corpus must be clean without the overlay:\n" + "\n".join(map(str, without))
    with_overlay = run_pyright(CORPUS, VERSION, jax_config(tmp_path, overlay, strict=False))
    assert not with_overlay, "the overlay introduced:\n" + "\n".join(map(str, with_overlay))


def test_corpus_gets_no_new_strict_diagnostic(overlay: Path, tmp_path: Path) -> None:
    without = _keyed(run_pyright(CORPUS, VERSION, jax_config(tmp_path, None)))
    new = [
        d
        for d in run_pyright(CORPUS, VERSION, jax_config(tmp_path, overlay))
        if (d.file, d.line, d.rule) not in without
    ]
    assert not new, "the overlay introduced:\n" + "\n".join(map(str, new))
