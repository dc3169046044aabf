"""The editor route, as an editor would run it: `ndtyping editor` in a temporary project, then
pyright (the same engine as Pylance and the pyright language server) reading only the project's
own config, with no help from ndtyping."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ndtyping._static.overlay import MANIFEST, supported
from ndtyping._static.pyright_runner import pyright_command, run_pyright

pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3"),
]

MODEL = """\
import numpy as np
from ndtyping import NDArray, DimensionVar, float32
import mylib

N = DimensionVar("N")
M = DimensionVar("M")

def col_sums(x: NDArray[float32, N, M]) -> NDArray[float32, N]:
    return np.sum(x, axis=0)  # planted: summing axis 0 leaves M

def helper() -> int:
    return mylib.answer()  # resolved through the user's own stub
"""
PLANTED_LINE = 9
HAVE_JAX = importlib.util.find_spec("jax") is not None


def ndtyping(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ndtyping", *args], capture_output=True, text=True, cwd=cwd, timeout=600
    )


def editor_pyright(project: Path, checker: str = "pyright") -> dict[str, Any]:
    """pyright (or basedpyright) as an editor runs it: in the project root, the project's config, nothing else."""
    command = pyright_command(checker)
    assert command is not None, f"{checker} is not installed"
    return run_pyright(command=command, cwd=project, timeout=600).checked_report()


def make_project(root: Path, config_name: str, config_text: str) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "model.py").write_text(MODEL)
    (root / "stubs_of_mine").mkdir()
    (root / "stubs_of_mine" / "mylib.pyi").write_text("def answer() -> int: ...\n")
    (root / config_name).write_text(config_text)
    return root


PYPROJECT = """\
[project]
name = "proj"

[tool.pyright]
# the user's own settings, kept as they are
typeCheckingMode = "standard"
stubPath = "stubs_of_mine"
exclude = ["build"]
"""

BASEDPYRIGHT = PYPROJECT.replace("[tool.pyright]", "[tool.basedpyright]")

PYRIGHTCONFIG = """\
{
  // the user's own settings, kept as they are
  "typeCheckingMode": "standard",
  "stubPath": "stubs_of_mine",
  "reportMissingModuleSource": "none",
}
"""


@pytest.mark.parametrize(
    ("config_name", "config_text", "checker"),
    [
        ("pyproject.toml", PYPROJECT, "pyright"),
        ("pyrightconfig.json", PYRIGHTCONFIG, "pyright"),
        ("pyproject.toml", BASEDPYRIGHT, "basedpyright"),
    ],
    ids=["pyproject", "pyrightconfig", "basedpyright"],
)
def test_one_command_sets_up_the_editor(tmp_path: Path, config_name: str, config_text: str, checker: str) -> None:
    if checker != "pyright" and not Path(sys.executable).with_name(checker).exists():
        pytest.skip(f"{checker} is not installed here")
    project = make_project(tmp_path / "proj", config_name, config_text)
    # `--checker pyright` and `--checker basedpyright` are the default route, spelled out
    named = ("--checker", checker) if config_name == "pyrightconfig.json" or checker != "pyright" else ()

    first = ndtyping("editor", *named, cwd=project)
    assert first.returncode == 0, first.stderr
    assert "built the overlay" in first.stdout
    configured = (project / config_name).read_text()
    assert "the user's own settings, kept as they are" in configured
    assert '"typeCheckingMode' in configured or "typeCheckingMode =" in configured
    assert (project / ".ndtyping" / ".gitignore").read_text().endswith("*\n")

    report = editor_pyright(project, checker)
    # pkg/model.py and the user's own stubs_of_mine/mylib.pyi; none of the ~500 generated stubs
    assert report["summary"]["filesAnalyzed"] == 2, "a generated stub file was analysed as a source"
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    assert [(Path(d["file"]).name, d["range"]["start"]["line"] + 1) for d in errors] == [("model.py", PLANTED_LINE)], (
        errors
    )
    assert "N@col_sums" in errors[0]["message"] and "M@col_sums" in errors[0]["message"]

    second = ndtyping("editor", *named, cwd=project)  # idempotent: nothing to do, nothing rewritten
    assert second.returncode == 0, second.stderr
    assert "up to date" in second.stdout
    assert (project / config_name).read_text() == configured


def test_without_a_config_one_is_written(tmp_path: Path) -> None:
    project = tmp_path / "bare"
    (project / "pkg").mkdir(parents=True)
    (project / "pkg" / "model.py").write_text(MODEL.replace("import mylib\n", "").split("def helper")[0])
    result = ndtyping("editor", cwd=project)
    assert result.returncode == 0, result.stderr
    assert json.loads((project / "pyrightconfig.json").read_text()) == {"stubPath": ".ndtyping/stubs"}


def test_a_stale_overlay_is_named_and_rebuilt(tmp_path: Path) -> None:
    project = make_project(tmp_path / "proj", "pyproject.toml", PYPROJECT)
    assert ndtyping("editor", cwd=project).returncode == 0
    manifest_path = project / ".ndtyping" / "stubs" / MANIFEST
    manifest = json.loads(manifest_path.read_text())
    installed = manifest["packages"]["numpy"]
    manifest["packages"]["numpy"] = "2.3.0"  # as if built before a numpy upgrade
    manifest["key"] = "an-older-build"
    manifest_path.write_text(json.dumps(manifest))

    check = ndtyping("check", "pkg", cwd=project)
    assert check.returncode == 1, check.stderr  # the planted error, found with a fresh overlay
    assert f"stale, built for numpy 2.3.0 -> {installed}" in check.stderr
    assert "run `ndtyping editor`" in check.stderr

    rebuilt = ndtyping("editor", cwd=project)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert f"was stale (built for numpy 2.3.0 -> {installed}): rebuilt" in rebuilt.stdout
    assert json.loads(manifest_path.read_text())["packages"]["numpy"] == installed
    assert (project / ".ndtyping" / "stubs" / "mylib.pyi").exists()  # the user's stub is still linked in
    assert "stale" not in ndtyping("check", "pkg", cwd=project).stderr


def test_an_overlay_from_an_older_ndtyping_is_rebuilt(tmp_path: Path) -> None:
    """An overlay built by an older ndtyping (same numpy and jax, other templates: say, before the
    stub modules moved to ndtyping/_surface/) is named stale and rebuilt, never used as it is."""
    project = make_project(tmp_path / "proj", "pyproject.toml", PYPROJECT)
    assert ndtyping("editor", cwd=project).returncode == 0
    manifest_path = project / ".ndtyping" / "stubs" / MANIFEST
    manifest = json.loads(manifest_path.read_text())
    manifest["key"] = "built-from-older-templates"
    manifest_path.write_text(json.dumps(manifest))

    check = ndtyping("check", "pkg", cwd=project)
    assert "an older ndtyping template" in check.stderr, check.stderr
    rebuilt = ndtyping("editor", cwd=project)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "rebuilt" in rebuilt.stdout
    assert json.loads(manifest_path.read_text())["key"] != "built-from-older-templates"


def test_the_repository_opened_in_an_editor_shows_the_planted_bugs(tmp_path: Path) -> None:
    """The repository's own pyrightconfig.json, after `ndtyping editor` (which scripts/demo.sh
    runs), makes pyright report exactly the planted bugs of examples/buggy_*.py."""
    root = Path(__file__).resolve().parents[2]
    project = tmp_path / "repo"
    shutil.copytree(root / "examples", project / "examples")
    shutil.copyfile(root / "pyrightconfig.json", project / "pyrightconfig.json")
    configured = (project / "pyrightconfig.json").read_text()
    result = ndtyping("editor", cwd=project)
    assert result.returncode == 0, result.stderr
    assert (project / "pyrightconfig.json").read_text() == configured  # already wired: nothing to change

    report = editor_pyright(project)
    sources = sorted(p.name for p in (project / "examples").glob("*.py"))
    assert report["summary"]["filesAnalyzed"] == len(sources)
    found = {
        (Path(d["file"]).name, d["range"]["start"]["line"] + 1)
        for d in report["generalDiagnostics"]
        if d["severity"] == "error"
    }
    planted = {
        (path.name, number)
        for path in (project / "examples").glob("buggy_*.py")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if re.search(r"#\s*BUG:", line) and (HAVE_JAX or "jax" not in path.name)
    }
    assert planted and found == planted


@pytest.mark.parametrize("checker", ["mypy", "pyrefly", "ty"])
def test_other_checkers_need_no_stubs(tmp_path: Path, checker: str) -> None:
    """mypy, Pyrefly and ty read ndtyping's gradual NDArray: `--checker` builds nothing and edits
    nothing, says what the checker checks, and warns when its config names ndtyping's overlay (with
    it, those checkers report errors on correct code: docs/checkers.md)."""
    project = tmp_path / "proj"
    (project / "pkg").mkdir(parents=True)
    (project / "pkg" / "model.py").write_text(MODEL.replace("import mylib\n", "").split("def helper")[0])
    section = {"mypy": "tool.mypy", "pyrefly": "tool.pyrefly", "ty": "tool.ty.environment"}[checker]
    key = {"mypy": "mypy_path", "pyrefly": "search-path", "ty": "extra-paths"}[checker]
    value = '".ndtyping/stubs"' if checker == "mypy" else '[".ndtyping/stubs"]'
    pyproject = f'[project]\nname = "proj"\n\n[{section}]\n{key} = {value}\n\n[tool.other]\nx = 1\n'
    (project / "pyproject.toml").write_text(pyproject)

    result = ndtyping("editor", "--checker", checker, cwd=project)
    assert result.returncode == 0, result.stderr
    assert f"nothing to configure for {checker}" in result.stdout
    assert f"pyproject.toml names .ndtyping: remove it from {checker}'s search paths" in result.stderr
    assert (project / "pyproject.toml").read_text() == pyproject
    assert not (project / ".ndtyping").exists()
    again = ndtyping("editor", "--checker", checker, cwd=project)  # idempotent: the same words, nothing written
    assert (again.returncode, again.stdout, again.stderr) == (0, result.stdout, result.stderr)
    assert (project / "pyproject.toml").read_text() == pyproject and not (project / ".ndtyping").exists()

    (project / "pyproject.toml").write_text(
        '[project]\nname = "proj"\n\n[tool.pyright]\nstubPath = ".ndtyping/stubs"\n'
    )
    clean = ndtyping("editor", "--checker", checker, cwd=project)  # pyright's stubPath is not this checker's
    assert clean.returncode == 0 and clean.stderr == "", clean.stderr


@pytest.mark.parametrize("text", ["{}\n", "{ }", "{\n  // pyright's defaults\n}\n", '{"include": ["src"]}\n'])
def test_the_edited_config_stays_strict_json(tmp_path: Path, text: str) -> None:
    """An empty `{}` became `{"stubPath": ...,}`: pyright reads the trailing comma, strict JSON
    readers (other tools, `json.loads`) do not."""
    from ndtyping._static.editor import _edit_json
    from ndtyping._static.pyright_project import strip_jsonc

    config = tmp_path / "pyrightconfig.json"
    config.write_text(text)
    _edit_json(config)
    settings = json.loads(strip_jsonc(config.read_text()) if "//" in text else config.read_text())
    assert settings["stubPath"] == ".ndtyping/stubs"
    assert {k: v for k, v in settings.items() if k != "stubPath"} == json.loads(strip_jsonc(text))
