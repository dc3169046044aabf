"""The numpy overlay, checked by running pyright with it on pyright's stubPath."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from ndtyping._static.overlay import _apply, _misfit, _template_text, build_overlay, supported
from ndtyping._static.template_sections import parse_template

from .run_pyright import HERE, Diagnostic, run_pyright

pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(
        not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3 (see ndtyping._static.overlay.supported)"
    ),
]
VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"


@pytest.fixture(scope="session")
def overlay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_overlay(tmp_path_factory.mktemp("overlay"))


def config(
    tmp: Path, overlay: Path | None, strict: bool = True, extra: dict[str, object] | None = None, name: str = ""
) -> Path:
    """A pyright config for the stub tests: strict (or standard), with or without the overlay."""
    settings: dict[str, object] = {
        "typeCheckingMode": "strict" if strict else "standard",
        "reportUnnecessaryTypeIgnoreComment": "error",
        "reportUnusedVariable": "none",
        "reportUnusedExpression": "none",
        "reportMissingModuleSource": "none",
    }
    settings.update(extra or {})
    if overlay is not None:
        settings["stubPath"] = str(overlay)
    path = tmp / f"{name}{'with' if overlay else 'without'}-{'strict' if strict else 'standard'}.json"
    path.write_text(json.dumps(settings))
    return path


def test_stub_cases(overlay: Path, tmp_path: Path) -> None:
    cases = sorted((HERE / "stub_cases").glob("*.py"))
    diagnostics = run_pyright(cases, VERSION, config(tmp_path, overlay))
    assert not diagnostics, "\n".join(map(str, diagnostics))


def test_an_overlay_built_by_another_builder_is_not_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache key holds the builder's code: the same templates read by a changed section grammar
    (a retype to `type[...]`, which an older one did not parse) make another overlay."""
    from ndtyping._static import overlay as overlay_module

    key = overlay_module._build_inputs(("numpy",), None)[2]
    monkeypatch.setattr(overlay_module, "_builder_fingerprint", lambda: "another builder")
    assert overlay_module._build_inputs(("numpy",), None)[2] != key


def test_a_header_the_grammar_does_not_read_is_an_error() -> None:
    """A `## module: ...` line the section grammar does not match was taken as the previous
    section's text, silently (a retype to `type[...]` before the grammar took brackets)."""
    with pytest.raises(ValueError, match="line 3: not a section header"):
        parse_template("## numpy: preamble\nx = 1\n## jax.numpy: retype float32 -> type[[bad]]\n")


def test_overloads_before_a_method_take_its_indentation() -> None:
    """`before ndarray.__mul__` inserts the template's (unindented) overloads ahead of the method's
    first definition, at the method's indentation; a single definition becomes the last overload; a
    class without the method does not fit."""
    sections = [s for s in parse_template(_template_text("numpy")) if s.target == "ndarray.__mul__"]
    assert [s.action for s in sections] == ["before"]
    source = "class generic:\n    def __mul__(self, o): ...\nclass ndarray:\n    def size(self): ...\n    def __mul__(self, o): ...\n"
    patched = _apply(source, ast.parse(source), sections).splitlines()
    start = patched.index("    def size(self): ...") + 1
    assert patched[start].startswith("    @overload") and patched[start + 1].startswith(
        "    def __mul__(self: ndarray["
    )
    assert patched[-2:] == ["    @overload", "    def __mul__(self, o): ..."]
    assert patched[1] == "    def __mul__(self, o): ..."  # another class's method is left alone
    moved = "class ndarray:\n    def size(self): ...\n"
    assert _misfit(sections[0], ast.parse(moved), moved.splitlines()) == "numpy has no function 'ndarray.__mul__'"


def test_seed_examples_fail_without_the_overlay(tmp_path: Path) -> None:
    """Without the overlay numpy's own types say nothing of shapes: the seed errors go unseen."""
    diagnostics = run_pyright([HERE / "stub_cases" / "seed_numpy.py"], VERSION, config(tmp_path, None))
    unnecessary = [d for d in diagnostics if d.rule == "reportUnnecessaryTypeIgnoreComment"]
    assert unnecessary, diagnostics


def _keyed(diagnostics: list[Diagnostic]) -> set[tuple[str, int, str]]:
    return {(d.file, d.line, d.rule) for d in diagnostics}


@pytest.mark.parametrize("strict", [False, True], ids=["standard", "strict"])
def test_no_new_errors_on_the_corpus(overlay: Path, tmp_path: Path, strict: bool) -> None:
    """Ordinary numpy code: the overlay adds no diagnostic that pyright did not report without it."""
    examples = [
        p for p in sorted((HERE.parent.parent / "examples").glob("*.py")) if not p.name.startswith("buggy_")
    ]  # bugs on purpose
    corpus = sorted((HERE / "corpus").glob("*.py")) + examples
    without = _keyed(run_pyright(corpus, VERSION, config(tmp_path, None, strict)))
    with_overlay = run_pyright(corpus, VERSION, config(tmp_path, overlay, strict))
    new = [d for d in with_overlay if (d.file, d.line, d.rule) not in without]
    assert not new, "the overlay introduced:\n" + "\n".join(map(str, new))
