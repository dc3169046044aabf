"""`ndtyping check`, run for real: the console command starts real pyright on real files."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ndtyping._static.check_command import write_config
from ndtyping._static.overlay import supported
from ndtyping._static.pyright_project import Project, find_project, merged_stub_dir, strip_jsonc, user_stub_dir
from ndtyping._static.pyright_runner import run_pyright
from ndtyping._static.split import enumerate_sources, flowing_modules, read_chain, split_files

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
HAVE_JAX = importlib.util.find_spec("jax") is not None
BUG_MARK = re.compile(r"#\s*BUG:\s*(.+)$")

needs_overlay = pytest.mark.skipif(not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3")
needs_jax = pytest.mark.skipif(not HAVE_JAX, reason="needs jax")
pyright = pytest.mark.pyright

CLEAN = ["mlp_numpy.py", "attention_numpy.py", "demo.py", "mlp_jax.py", "attention_jax.py"]
BUGGY = ["buggy_numpy.py", "buggy_shapes.py", "buggy_jax.py"]


def ndtyping_check(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ndtyping._static.cli", "check", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
    )


def planted_bugs(path: Path) -> set[int]:
    return {n for n, line in enumerate(path.read_text().splitlines(), start=1) if BUG_MARK.search(line)}


def available(names: list[str]) -> list[str]:
    return [n for n in names if HAVE_JAX or "jax" not in n]


@pytest.fixture(scope="module")
def examples_report() -> tuple[int, dict[str, Any]]:
    """One `ndtyping check --json` over every example (pyright is slow: shared by the tests below)."""
    result = ndtyping_check("--json", *(f"examples/{n}" for n in available(CLEAN + BUGGY)))
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, json.loads(result.stdout)


# ---------------------------------------------------------------------------------------------
# The acceptance: every planted bug by file and line, nothing on the clean examples


@pyright
@needs_overlay
@pytest.mark.parametrize("name", BUGGY)
def test_every_planted_bug_is_reported(examples_report: tuple[int, dict[str, Any]], name: str) -> None:
    if "jax" in name and not HAVE_JAX:
        pytest.skip("needs jax")
    _, report = examples_report
    bugs = planted_bugs(EXAMPLES / name)
    assert len(bugs) >= 5, "the buggy example lost its # BUG markers"
    errors = {f["line"] for f in report["findings"] if f["file"] == f"examples/{name}" and f["severity"] == "error"}
    assert bugs - errors == set(), f"planted bugs not reported in {name}: lines {sorted(bugs - errors)}"
    assert errors - bugs == set(), f"findings on lines without a # BUG mark in {name}: {sorted(errors - bugs)}"


@pyright
@needs_overlay
def test_clean_examples_report_nothing(examples_report: tuple[int, dict[str, Any]]) -> None:
    status, report = examples_report
    clean = {f"examples/{n}" for n in available(CLEAN)}
    assert [f for f in report["findings"] if f["file"] in clean] == []
    assert status == 1  # the buggy files are in the same run
    assert report["summary"]["files"] == len(available(CLEAN + BUGGY))


@pyright
@needs_overlay
def test_json_schema(examples_report: tuple[int, dict[str, Any]]) -> None:
    _, report = examples_report
    assert set(report) == {"findings", "summary"}
    summary = report["summary"]
    assert set(summary) == {
        "errors",
        "warnings",
        "information",
        "files",
        "pyright",
        "stubs",
        "stubs_note",
        "accepted_ndarray_annotations",
    }
    assert summary["stubs"] is True and summary["stubs_note"] is None
    assert re.fullmatch(r"\d+\.\d+\.\d+", summary["pyright"])
    assert summary["errors"] == sum(f["severity"] == "error" for f in report["findings"]) > 0
    finding = report["findings"][0]
    assert set(finding) == {"file", "line", "column", "end_line", "end_column", "severity", "rule", "message"}
    assert finding["line"] >= 1 and finding["column"] >= 1 and finding["rule"].startswith("report")


@pyright
@needs_overlay
def test_clean_files_exit_0_with_a_summary() -> None:
    result = ndtyping_check("examples/mlp_numpy.py", "examples/attention_numpy.py")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "0 errors, 0 warnings in 2 files (pyright 1.1.414, ndtyping stubs on)\n"


# ---------------------------------------------------------------------------------------------
# A user's project: the text output, and their own pyright config honoured


BUGGY_MODULE = """\
import numpy as np
import not_installed_anywhere
from foo import foo_fn
from pkg.helpers import SCALE
from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")


def column_sums(x: NDArray[float32, N, M]) -> NDArray[float32, N]:
    return np.sum(x, axis=0)


name: str = foo_fn()
scale: str = SCALE
"""


def make_project(tmp_path: Path, config: str, config_name: str = "pyrightconfig.json") -> Path:
    """A src-layout project with its own stubs (mystubs/foo) and a folder its config excludes."""
    project = tmp_path / "proj"
    (project / "src" / "pkg").mkdir(parents=True)
    (project / "src" / "pkg" / "__init__.py").write_text("")
    (project / "src" / "pkg" / "helpers.py").write_text("SCALE: int = 2\n")
    (project / "src" / "pkg" / "model.py").write_text(BUGGY_MODULE)
    (project / "src" / "generated").mkdir()
    (project / "src" / "generated" / "bad.py").write_text('x: int = "not checked"\n')
    (project / "mystubs" / "foo").mkdir(parents=True)
    (project / "mystubs" / "foo" / "__init__.pyi").write_text("def foo_fn() -> int: ...\n")
    (project / config_name).write_text(config)
    return project


USER_CONFIG = """{
  // the user's own settings: ndtyping check must keep all of them but stubPath
  "include": ["src"],
  "exclude": ["src/generated"],
  "reportMissingImports": "none",
  "reportMissingModuleSource": "none",
  "stubPath": "mystubs",
}
"""


def rules_by_line(report: dict[str, Any], file: str) -> dict[int, set[str]]:
    lines: dict[int, set[str]] = {}
    for f in report["findings"]:
        if f["file"] == file:
            lines.setdefault(f["line"], set()).add(f["rule"])
    return lines


@pyright
@needs_overlay
def test_user_config_is_honoured_and_the_overlay_used(tmp_path: Path) -> None:
    project = make_project(tmp_path, USER_CONFIG)
    result = ndtyping_check("--json", cwd=project)
    assert result.returncode == 1, result.stdout + result.stderr
    report = json.loads(result.stdout)
    lines = rules_by_line(report, "src/pkg/model.py")
    assert lines == {
        12: {"reportReturnType"},  # the overlay: np.sum(axis=0) of (N, M) is (M,)
        15: {"reportAssignmentType"},  # the user's own stub for foo (foo_fn() -> int) is still used
        16: {"reportAssignmentType"},  # src/ is still a search path: pkg.helpers resolves
    }, report["findings"]
    # reportMissingImports "none" (line 2) and the excluded src/generated still hold
    assert {f["file"] for f in report["findings"]} == {"src/pkg/model.py"}
    assert report["summary"]["files"] == 3
    assert not list(project.glob(".ndtyping-pyright-*")), "the generated config was left behind"
    assert (project / "pyrightconfig.json").read_text() == USER_CONFIG


@pyright
@needs_overlay
def test_text_output(tmp_path: Path) -> None:
    project = make_project(tmp_path, USER_CONFIG)
    result = ndtyping_check("src/pkg/model.py", cwd=project)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    # pyright's message in the user's words: NDArray as annotated, the clashing axis named
    assert (
        lines[0]
        == 'src/pkg/model.py:12:12: error: Type "NDArray[float32, M]" is not assignable to return type "NDArray[float32, N]"'
    )
    assert lines[1] == "      axis 0 is M here, N expected (reportReturnType)"
    assert lines[-1] == "3 errors, 0 warnings in 1 file (pyright 1.1.414, ndtyping stubs on)"


SHAPE_ERRORS = """\
import numpy as np
from ndtyping import DimensionVar, NDArray, float32, float64

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")


def matmul(x: NDArray[float32, N, M], w: NDArray[float32, K, M]) -> NDArray[float32, N, K]:
    return np.matmul(x, w)


def dtype(x: NDArray[float64, N]) -> NDArray[float32, N]:
    return x


def rank(x: NDArray[float32, N, M]) -> NDArray[float32, N]:
    return np.exp(x)


def hypot(gx: NDArray[float32, N, M], gy: NDArray[float32, N, M]) -> NDArray[float32, N, M]:
    return np.hypot(gx, gy.T)
"""


@pyright
@needs_overlay
def test_shape_errors_in_the_users_words(tmp_path: Path) -> None:
    """Real pyright output, rewritten: no ShapedArray, no invariance, the mismatch named."""
    (tmp_path / "pyrightconfig.json").write_text('{"typeCheckingMode": "standard"}')
    (tmp_path / "shapes.py").write_text(SHAPE_ERRORS)
    result = ndtyping_check("shapes.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        "shapes.py:10:12: error: shape mismatch in np.matmul: `w` is NDArray[float32, K, M], which fits none of "
        "the shape rules of np.matmul with the other argument (a dimension that must agree differs) (reportCallIssue)",
        'shapes.py:14:12: error: Type "NDArray[float64, N]" is not assignable to return type "NDArray[float32, N]"',
        "      dtype float64 here, float32 expected (reportReturnType)",
        'shapes.py:18:12: error: Type "NDArray[float32, N, M]" is not assignable to return type "NDArray[float32, N]"',
        "      rank 2 here, 1 expected: (N, M) is not (N) (reportReturnType)",
        "shapes.py:22:12: error: shape mismatch in np.hypot: `gy.T` is NDArray[float32, M, N], which fits none of "
        "the shape rules of np.hypot with the other argument (a dimension that must agree differs) (reportCallIssue)",
        "4 errors, 0 warnings in 1 file (pyright 1.1.414, ndtyping stubs on)",
    ]
    assert "ShapedArray" not in result.stdout and "invariant" not in result.stdout


JAX_SHAPE_ERRORS = """\
import jax.numpy as jnp
from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
K = DimensionVar("K")


def f(x: NDArray[float32, N, D], w: NDArray[float32, K, D], m: NDArray[float32, K]) -> None:
    jnp.matmul(x, w)
    jnp.where(m > 0, x, 0.0)
"""


@pyright
@needs_overlay
@needs_jax
def test_jax_shape_errors_in_the_users_words(tmp_path: Path) -> None:
    """The jax overlay's rules take ndtyping's arrays by their class (`_Shaped`) and its strict
    tails name `complex` for Python's scalars: the messages still read NDArray and name the
    mismatch (the tail's parameter was not recognised once its union changed)."""
    (tmp_path / "pyrightconfig.json").write_text('{"typeCheckingMode": "standard"}')
    (tmp_path / "shapes.py").write_text(JAX_SHAPE_ERRORS)
    result = ndtyping_check("shapes.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "shapes.py:10:5: error: shape mismatch in jnp.matmul: `w` is NDArray[float32, K, D], which fits none of "
        "the shape rules of jnp.matmul with the other argument (a dimension that must agree differs) (reportCallIssue)"
    )
    assert lines[1].startswith('shapes.py:11:25: error: Argument of type "float" cannot be assigned to parameter "y"')
    assert "NDArray[" in lines[1] and "_Shaped" not in result.stdout and "ShapedArray" not in result.stdout


@pyright
@needs_overlay
def test_pyproject_config_strict_mode_and_stub_path(tmp_path: Path) -> None:
    config = """\
[project]
name = "proj"

[tool.pyright]
include = ["src"]
exclude = ["src/generated"]
typeCheckingMode = "strict"
reportMissingImports = "none"
reportMissingModuleSource = "none"
stubPath = "mystubs"
"""
    project = make_project(tmp_path, config, "pyproject.toml")
    (project / "src" / "pkg" / "untyped.py").write_text("def f(x):\n    return x\n")
    result = ndtyping_check("--json", cwd=project)
    report = json.loads(result.stdout)
    assert rules_by_line(report, "src/pkg/untyped.py")[1] >= {"reportMissingParameterType"}  # strict holds
    model = rules_by_line(report, "src/pkg/model.py")
    assert model[12] == {"reportReturnType"} and model[15] == {"reportAssignmentType"}, report["findings"]
    assert "reportMissingImports" not in model.get(2, set())  # strict, but this rule still off


@pyright
@needs_overlay
def test_paths_and_project_option_from_another_directory(tmp_path: Path) -> None:
    project = make_project(tmp_path, USER_CONFIG)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # the config is found from the path checked; files outside the current directory are shown absolute
    by_path = ndtyping_check("--json", str(project / "src"), cwd=elsewhere)
    by_option = ndtyping_check("--json", "--project", str(project / "pyrightconfig.json"), cwd=elsewhere)
    for result in (by_path, by_option):
        report = json.loads(result.stdout)
        model = str(project.resolve() / "src" / "pkg" / "model.py")
        assert set(rules_by_line(report, model)) == {12, 15, 16}, report["findings"]
        assert report["summary"]["files"] == 3


@pyright
@needs_overlay
def test_no_stubs(tmp_path: Path) -> None:
    project = make_project(tmp_path, USER_CONFIG)
    result = ndtyping_check("--no-stubs", "--json", cwd=project)
    report = json.loads(result.stdout)
    lines = rules_by_line(report, "src/pkg/model.py")
    assert 12 not in lines  # numpy's own stubs: np.sum(axis=0) is untyped
    assert set(lines) == {15, 16}
    assert report["summary"]["stubs"] is False and report["summary"]["stubs_note"] == "--no-stubs"


@pyright
@needs_overlay
def test_user_numpy_stubs_are_replaced_with_a_note(tmp_path: Path) -> None:
    project = make_project(tmp_path, USER_CONFIG)
    (project / "mystubs" / "numpy").mkdir()
    (project / "mystubs" / "numpy" / "__init__.pyi").write_text(
        "def sum(*args: object, **kwargs: object) -> int: ...\n"
    )
    result = ndtyping_check("--json", cwd=project)
    assert "ndtyping's overlay replaces your stubs for numpy" in result.stderr
    assert 12 in rules_by_line(json.loads(result.stdout), "src/pkg/model.py")


@pyright
def test_no_python_files_is_an_error_that_says_so(tmp_path: Path) -> None:
    """Nothing checked is not a pass: a typo'd path in CI must not go green."""
    (tmp_path / "pyrightconfig.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("no python here")
    result = ndtyping_check(cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert " in 0 files " in result.stdout
    assert "no Python files to check in your config's include/exclude" in result.stderr
    (tmp_path / "docs").mkdir()
    named = ndtyping_check("docs", cwd=tmp_path)
    assert named.returncode == 2 and "no Python files to check in docs" in named.stderr


@pyright
@pytest.mark.skipif(supported("numpy"), reason="covers numpy < 2.3, where there is no overlay")
def test_without_the_overlay_the_check_runs_and_says_so_once(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text('x: int = "one"\n')
    result = ndtyping_check("a.py", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.count("checking without ndtyping's numpy stubs") == 1
    assert re.search(
        r"1 error, 0 warnings in 1 file \(pyright [\d.]+, ndtyping stubs off: numpy [\d.]+ < 2\.3\)", result.stdout
    )


@pyright
def test_pythonversion_and_verbose(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("match 1:\n    case _:\n        pass\n")
    assert ndtyping_check("a.py", cwd=tmp_path).returncode == 0
    result = ndtyping_check("--pythonversion", "3.9", "--verbose", "a.py", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.match(r"a\.py:1:1: error: .*Python 3\.10", result.stdout)
    assert "--pythonversion 3.9" in result.stderr and "ndtyping check: running " in result.stderr
    if supported("numpy"):  # a.py holds no ndtyping type: plain pyright with the user's config, said so
        assert "0 files with ndtyping types (checked with the overlay), 1 without" in result.stderr
        assert '"stubPath": ' not in result.stderr
        single = ndtyping_check("--pythonversion", "3.9", "--verbose", "--no-split", "a.py", cwd=tmp_path)
        assert single.stdout == result.stdout
        assert '"stubPath": ' in single.stderr  # the generated config is shown


# ---------------------------------------------------------------------------------------------
# The split: files no ndtyping type reaches are checked by plain pyright, the rest under the overlay

SPLIT_SHAPES = """\
import numpy as np
import ndtyping as nd

N = nd.DimensionVar("N")
M = nd.DimensionVar("M")


def column_sums(x: nd.NDArray[nd.float32, N, M]) -> nd.NDArray[nd.float32, N]:
    return np.sum(x, axis=0)
"""

# jnp.sum of a numpy array is jax's Array to pyright; the overlay's rules make it an NDArray of
# unknown dtype (docs/dev/pyright-performance.md section 12): the file shows which run it was in
SPLIT_PLAIN = """\
import jax.numpy as jnp
import numpy as np


def total(c: np.ndarray) -> None:
    reveal_type(jnp.sum(c, axis=0))


x: int = "plain"
"""

SPLIT_USER = """\
from shapes import column_sums

y: int = column_sums
"""


def write_tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def overlay_run_files(stderr: str) -> set[str]:
    """The files `--verbose` shows on the overlay run's command line (after its --project)."""
    (line,) = [line for line in stderr.splitlines() if line.startswith("ndtyping check: running (overlay) ")]
    return set(line.split(" --project ", 1)[1].split()[1:])


@pyright
@needs_overlay
@needs_jax
def test_split_plain_files_get_plain_pyrights_report_and_ndarray_files_the_overlay(tmp_path: Path) -> None:
    """Failed before the split: every file was under the overlay (the plain file's reveal_type read
    NDArray, and there was no overlay run of its own to name its files)."""
    write_tree(tmp_path, {
        "pyrightconfig.json": '{"typeCheckingMode": "standard"}', "shapes.py": SPLIT_SHAPES,
        "plain.py": SPLIT_PLAIN, "user.py": SPLIT_USER,
    })  # fmt: skip
    result = ndtyping_check("--json", "--verbose", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    # the NDArray file, and the plain-looking file that imports it, went to the overlay run
    assert overlay_run_files(result.stderr) == {str(tmp_path / "shapes.py"), str(tmp_path / "user.py")}
    assert "user.py: line 1 imports shapes.py, which holds ndtyping types" in result.stderr
    report = json.loads(result.stdout)
    assert rules_by_line(report, "shapes.py") == {9: {"reportReturnType"}}  # the shape error
    assert "NDArray[float32, N]" in [f for f in report["findings"] if f["file"] == "user.py"][0]["message"]
    # the plain file: exactly what plain pyright reports for it
    plain = run_pyright([tmp_path / "plain.py"], project=tmp_path, cwd=tmp_path)
    expected = [
        (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, d["severity"], d.get("rule", ""),
         d["message"].replace("\xa0", " "))
        for d in plain.diagnostics
    ]  # fmt: skip
    got = [(f["line"], f["column"], f["severity"], f["rule"], f["message"]) for f in report["findings"]
           if f["file"] == "plain.py"]  # fmt: skip
    assert got == expected and 'is "Array"' in got[0][4], got
    # one report: the same shape, counts over both runs, nothing left behind
    assert set(report) == {"findings", "summary"}
    assert set(report["summary"]) == {"errors", "warnings", "information", "files", "pyright", "stubs",
                                      "stubs_note", "accepted_ndarray_annotations"}  # fmt: skip
    assert report["summary"]["files"] == 3 and report["summary"]["errors"] == 3 and report["summary"]["stubs"]
    assert report["findings"] == sorted(report["findings"], key=lambda f: (f["file"], f["line"], f["column"]))
    assert not list(tmp_path.glob(".ndtyping-pyright-*")), "a generated config was left behind"
    # --no-split: one run, every file under the overlay (what the check did before)
    single = ndtyping_check("--json", "--verbose", "--no-split", cwd=tmp_path)
    assert "running (overlay)" not in single.stderr and "running (plain)" not in single.stderr
    single_plain = [f["message"] for f in json.loads(single.stdout)["findings"] if f["file"] == "plain.py"]
    assert single_plain[0] == 'Type of "jnp.sum(c, axis=0)" is "NDArray[Any, ...]"'
    # the text output merges the two runs alike
    text = ndtyping_check(cwd=tmp_path)
    assert text.returncode == 1
    assert [line.split(": ")[0] for line in text.stdout.splitlines() if ": error: " in line] == [
        "plain.py:9:10", "shapes.py:9:12", "user.py:3:10"
    ]  # fmt: skip
    assert (
        text.stdout.splitlines()[-1]
        == "3 errors, 0 warnings, 1 information in 3 files (pyright 1.1.414, ndtyping stubs on)"
    )


@pyright
@needs_overlay
def test_split_keeps_the_users_exclude_and_include(tmp_path: Path) -> None:
    """The plain run extends the user's config with an exclude: their own exclude (and pyright's
    defaults) still hold, and the files are those one run would check."""
    project = make_project(tmp_path, USER_CONFIG)
    (project / "src" / "generated" / "nd_gen.py").write_text("import ndtyping\nz: int = 'excluded'\n")
    (project / "src" / ".hidden.py").write_text("w: int = 'hidden'\n")
    (project / "src" / "pkg" / "plain_user.py").write_text("from generated.nd_gen import z\nq: int = 'p'\n")
    result = ndtyping_check("--json", "--verbose", cwd=project)
    report = json.loads(result.stdout)
    # plain_user.py imports an excluded module that imports ndtyping: the overlay run checks it
    assert overlay_run_files(result.stderr) == {
        str(project / "src" / "pkg" / "model.py"), str(project / "src" / "pkg" / "plain_user.py")
    }  # fmt: skip
    assert {f["file"] for f in report["findings"]} == {"src/pkg/model.py", "src/pkg/plain_user.py"}
    assert report["summary"]["files"] == 4  # __init__, helpers (plain); model, plain_user (overlay)
    single = json.loads(ndtyping_check("--json", "--no-split", cwd=project).stdout)
    assert single["summary"]["files"] == 4 and single["findings"] == report["findings"]


# ---------------------------------------------------------------------------------------------
# Failures: a clear message and exit status 2, never a traceback


def test_missing_path_exits_2(tmp_path: Path) -> None:
    result = ndtyping_check("no/such/file.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "ndtyping check: no such file or directory: no/such/file.py\n"
    assert result.stdout == ""


def test_missing_project_exits_2(tmp_path: Path) -> None:
    result = ndtyping_check("--project", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2
    assert "no pyrightconfig.json or pyproject.toml in that directory" in result.stderr
    assert "Traceback" not in result.stderr


@pyright
def test_broken_user_config_exits_2(tmp_path: Path) -> None:
    (tmp_path / "pyrightconfig.json").write_text("{ this is not json")
    (tmp_path / "a.py").write_text("x = 1\n")
    result = ndtyping_check(cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "ndtyping check: pyright failed (exit status 3)" in result.stderr
    assert "could not be parsed" in result.stderr
    assert "Traceback" not in result.stderr


def test_usage_error_exits_2() -> None:
    result = ndtyping_check("--no-such-option")
    assert result.returncode == 2 and "unrecognized arguments" in result.stderr


# ---------------------------------------------------------------------------------------------
# The pieces, without pyright


def teststrip_jsonc() -> None:
    text = '{\n  // a comment\n  "a": "http://x/*y*/", /* block\n comment */ "b": [1, 2,],\n  "c": "q\\"//",\n  "d": "a,]",\n}'
    assert json.loads(strip_jsonc(text)) == {"a": "http://x/*y*/", "b": [1, 2], "c": 'q"//', "d": "a,]"}


def test_find_project_prefers_pyrightconfig_above_over_pyproject_here(tmp_path: Path) -> None:
    (tmp_path / "pyrightconfig.json").write_text("{}")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text("[tool.pyright]\n")
    assert find_project(inner) == Project(tmp_path.resolve(), tmp_path.resolve() / "pyrightconfig.json")
    (tmp_path / "pyrightconfig.json").unlink()
    assert find_project(inner) == Project(inner.resolve(), inner.resolve() / "pyproject.toml")


def test_user_stub_dir_follows_extends(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "shared.json").write_text('{"stubPath": "../stubs-from-base"}')
    (tmp_path / "pyrightconfig.json").write_text('{"extends": "base/shared.json", /* no stubPath */}')
    project = Project(tmp_path, tmp_path / "pyrightconfig.json")
    assert user_stub_dir(project) == (tmp_path / "stubs-from-base").resolve()
    (tmp_path / "pyrightconfig.json").write_text('{"extends": "base/shared.json", "stubPath": "mine"}')
    assert user_stub_dir(project) == (tmp_path / "mine").resolve()
    assert user_stub_dir(Project(tmp_path, None)) == tmp_path / "typings"  # pyright's default


def test_merged_stub_dir(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay"
    (overlay / "numpy").mkdir(parents=True)
    (overlay / ".ndtyping-overlay").write_text("key")
    user = tmp_path / "user"
    (user / "foo").mkdir(parents=True)
    (user / "bar.pyi").write_text("")
    (user / "numpy").mkdir()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    merged, shadowed = merged_stub_dir(overlay, user, scratch)
    assert sorted(p.name for p in merged.iterdir()) == ["bar.pyi", "foo", "numpy"]
    assert (merged / "numpy").resolve() == (overlay / "numpy").resolve()
    assert (merged / "foo").resolve() == (user / "foo").resolve()
    assert shadowed == ["numpy"]
    # no user stubs: the overlay itself
    assert merged_stub_dir(overlay, tmp_path / "missing", scratch) == (overlay, [])


def test_write_config_extends_the_users_and_falls_back_when_the_root_is_read_only(tmp_path: Path) -> None:
    import io

    project = Project(tmp_path, tmp_path / "pyrightconfig.json")
    err = io.StringIO()
    path = write_config(project, tmp_path / "stubs", tmp_path, err)
    assert path.parent == tmp_path and path.name.startswith(".ndtyping-pyright-")
    assert json.loads(path.read_text()) == {
        "extends": str(tmp_path / "pyrightconfig.json"),
        "stubPath": str(tmp_path / "stubs"),
    }
    assert err.getvalue() == ""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    unwritable = Path("/proc/self") if os.path.isdir("/proc/self") else None  # not writable, even by root
    if unwritable is None:
        pytest.skip("needs a directory nobody can write to (/proc on Linux)")
    path = write_config(Project(unwritable, None), tmp_path / "stubs", scratch, err)
    assert path.parent == scratch and json.loads(path.read_text()) == {"stubPath": str(tmp_path / "stubs")}
    assert "cannot write to /proc/self" in err.getvalue()


@pyright
@needs_overlay
def test_getting_started_output_is_what_the_command_prints(tmp_path: Path) -> None:
    """docs/getting-started.md shows `model.py` and what `ndtyping check` prints for it: the
    location of the error there is the real one (failed before: the page said line 8, the
    `# model.py` line counts too, so pyright reports line 9)."""
    page = (ROOT / "docs" / "getting-started.md").read_text()
    source = re.search(r"```python\n(# model\.py\n.*?)```", page, re.DOTALL)
    shown = re.search(r"^(model\.py:\d+:\d+): error: (.*)$", page, re.MULTILINE)
    assert source and shown, "the getting-started page no longer has the model.py example"
    (tmp_path / "model.py").write_text(source.group(1))
    result = ndtyping_check(cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    printed = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert printed and printed[0].split(": error: ")[0] == shown.group(1), result.stdout


def test_matmul_operator_keeps_its_name() -> None:
    """`Operator "@"` stays `"@"` (the quoted operator was read as a type and printed as `""`)."""
    from ndtyping._static.messages import rewrite_message

    message = rewrite_message(
        'Operator "@" not supported for types "ShapedArray[float32, tuple[N@f, D@f]]" and '
        '"ShapedArray[float32, tuple[N@f, E@f]]"'
    )
    assert message == 'Operator "@" not supported for types "NDArray[float32, N, D]" and "NDArray[float32, N, E]"'


def test_an_unbounded_dimension_for_a_bound_one_names_the_bound() -> None:
    """pyright's text for an unbounded DimensionVar given where the callee's is `bound=int` shows
    the callee's own dimension unsolved; the user reads the bound, not an axis clash. A real clash
    (the realistic corpus's np_mlp bug) keeps its axis-by-axis account."""
    from ndtyping._static.messages import rewrite_message

    bound = rewrite_message(
        'Argument of type "NDArray[float32, M@predict, D@predict]" cannot be assigned to parameter "a" of type '
        '"NDArray[float32, N@rbf, D@rbf]" in function "rbf"\n'
        '  "ShapedArray[float32, tuple[M@predict, D@predict]]" is not assignable to "ShapedArray[float32, tuple[N@rbf, D@predict]]"\n'
        '    Type parameter "Shape@ShapedArray" is invariant, but "tuple[M@predict, D@predict]" is not the same as '
        '"tuple[N@rbf, D@predict]"'
    )
    assert bound.splitlines()[1] == (
        "  M cannot stand for rbf's N: N is declared with bound=int and M without "
        "(declare every DimensionVar with bound=int, or none)"
    )
    clash = rewrite_message(
        'Argument of type "NDArray[float32, In@mlp, Hidden@mlp]" cannot be assigned to parameter "w" of type '
        '"NDArray[float32, In@dense, Out@dense]" in function "dense"\n'
        '  "ShapedArray[float32, tuple[In@mlp, Hidden@mlp]]" is not assignable to "ShapedArray[float32, tuple[Hidden@mlp, Out@dense]]"\n'
        '    Type parameter "Shape@ShapedArray" is invariant, but "tuple[In@mlp, Hidden@mlp]" is not the same as '
        '"tuple[Hidden@mlp, Out@dense]"'
    )
    assert "bound" not in clash and "axis 0 is In here, Hidden expected" in clash, clash


def test_an_ndarray_for_a_numpy_annotation_says_what_to_write() -> None:
    """An NDArray given where the user's code says `np.ndarray` (pyright's texts for an argument and
    for a return through `npt.NDArray`) gets the reason and the fix; an NDArray for an NDArray does not."""
    from ndtyping._static.messages import rewrite_message

    argument = (
        'Argument of type "ShapedArray[float32, tuple[Any, ...]]" cannot be assigned to parameter "x" of type '
        '"ndarray[_AnyShape, dtype[Any]]" in function "softmax"'
    )
    returned = (
        'Type "ShapedArray[float64, tuple[Any, Any]]" is not assignable to return type "NDArray[float64]"\n'
        '  "ShapedArray[float64, tuple[Any, Any]]" is not assignable to "ndarray[_AnyShape, dtype[float64]]"'
    )
    hint = "  an ndtyping NDArray is not a numpy.ndarray to pyright: annotate this with ndtyping's NDArray"
    for message in (argument, returned):
        lines = rewrite_message(message).splitlines()
        assert lines[-1].startswith(hint), lines
        assert lines[0].startswith(('Argument of type "NDArray[float32, ...]"', 'Type "NDArray[float64, Any, Any]"'))
    shapes = rewrite_message(
        'Argument of type "ShapedArray[float32, tuple[M@f]]" cannot be assigned to parameter "x" of type '
        '"ShapedArray[float32, tuple[N@g]]" in function "g"'
    )
    assert "numpy.ndarray" not in shapes


JAX_CENTRE = """\
import jax.numpy as jnp
from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")


def centre(x: NDArray[float32, N, M]) -> NDArray[float32, N, M]:
    return x - jnp.mean(x, axis=0)
"""


@pytest.mark.skipif(not HAVE_JAX, reason="jax is not installed")
def test_an_ndarray_for_jax_without_the_stubs_points_at_the_stubs(tmp_path: Path) -> None:
    """Without ndtyping's stubs, jax's ArrayLike takes no NDArray (pyright: "cannot be assigned to
    parameter "a" of type "ArrayLike""): the hint says the stubs are the fix, never an annotation of
    jax's parameter (issue 33). With the stubs (numpy >= 2.3), the same file is clean."""
    (tmp_path / "centre.py").write_text(JAX_CENTRE)
    result = ndtyping_check("--no-stubs", "centre.py", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert 'of type "ArrayLike" in function "mean"' in result.stdout, result.stdout
    assert (
        "jax's ArrayLike takes an ndtyping NDArray only with ndtyping's stubs: run `ndtyping check` "
        "without --no-stubs, and `ndtyping editor` once for your editor"
    ) in result.stdout, result.stdout
    assert "annotate this" not in result.stdout  # jax's parameter is not the user's to annotate
    with_stubs = ndtyping_check("centre.py", cwd=tmp_path)
    if supported("numpy"):
        assert with_stubs.returncode == 0, with_stubs.stdout + with_stubs.stderr
    else:  # the 3.10 stack's numpy 1.26: no overlay, and the hint says why
        assert "only with ndtyping's stubs: they need numpy >= 2.3" in with_stubs.stdout, with_stubs.stdout


def test_the_jax_hint_is_for_jax_parameters_only() -> None:
    """The hint goes with an NDArray given to an `ArrayLike` parameter, not with other messages."""
    from ndtyping._static.messages import hint_without_stubs

    other = 'Argument of type "NDArray[float32, N@f]" cannot be assigned to parameter "x" of type "ndarray[Any, Any]"'
    assert hint_without_stubs(other) == other
    jax = 'Argument of type "NDArray[float32, N@f]" cannot be assigned to parameter "a" of type "ArrayLike" in "mean"'
    assert hint_without_stubs(jax, "they need numpy >= 2.3").splitlines()[1] == (
        "  jax's ArrayLike takes an ndtyping NDArray only with ndtyping's stubs: they need numpy >= 2.3"
    )


def test_a_numpy_array_for_a_jax_array_says_so() -> None:
    """The overlay's jax.Array is a protocol whose one member is `is_fully_replicated` (docs/stubs.md):
    pyright's reason, that member's absence, is said as what it means."""
    from ndtyping._static.messages import rewrite_message

    message = rewrite_message(
        'Type "ndarray[_AnyShape, dtype[Any]]" is not assignable to declared type "Array"\n'
        '  "is_fully_replicated" is not present'
    )
    assert message == (
        'Type "ndarray[_AnyShape, dtype[Any]]" is not assignable to declared type "Array"\n'
        "  not a jax array (a numpy array is not a jax.Array)"
    )


NUMPY_ANNOTATIONS = """\
from typing import Optional

import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from ndtyping import DimensionVar, NDArray, float32, float64

A = DimensionVar("A")


def helper(x: np.ndarray) -> np.ndarray:
    return x


def helper64(x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return x


def maybe(x: Optional[np.ndarray], xs: list[np.ndarray], pair: tuple[np.ndarray, int]) -> None: ...


def caller(a: NDArray[float64, A], b: NDArray[float32, A]) -> tuple[np.ndarray, npt.NDArray[np.floating]]:
    helper(a)
    helper64(a)
    maybe(a, [a, a], (b, 1))
    np.add.at(a, [0], 1.0)
    y: np.ndarray = b
    helper64(b)
    helper(jnp.exp(b))
    return a, b
"""


@pyright
@needs_overlay
@needs_jax
def test_an_ndarray_where_the_code_says_np_ndarray_is_accepted(tmp_path: Path) -> None:
    """pyright rejects an NDArray (a protocol) for an `np.ndarray` annotation (a class); at run time it
    is the numpy array it was declared to be, so `ndtyping check` accepts it and counts it. A dtype
    the annotation does not allow, and a jax result, stay errors, said as what they are."""
    (tmp_path / "pyrightconfig.json").write_text('{"typeCheckingMode": "standard"}')
    (tmp_path / "helpers.py").write_text(NUMPY_ANNOTATIONS)
    result = ndtyping_check("helpers.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(": error")[0] for line in lines if ": error" in line] == [
        "helpers.py:28:14",
        "helpers.py:29:12",
    ], result.stdout
    assert lines[1] == "      dtype float32 here, float64 expected (reportArgumentType)"
    assert lines[3].startswith("      a jax array is not a numpy.ndarray: convert it (np.asarray)")
    assert lines[-1].startswith("2 errors, 0 warnings in 1 file (pyright ")
    assert lines[-1].endswith(
        "ndtyping stubs on); 8 pyright errors accepted: an NDArray where the code says np.ndarray"
    )
    data = json.loads(ndtyping_check("--json", "helpers.py", cwd=tmp_path).stdout)
    assert data["summary"]["accepted_ndarray_annotations"] == 8


def test_no_overloads_beside_an_argument_error_is_left_out() -> None:
    """An overloaded function's "no overloads match" on top of its argument's own error is one
    error, as the library's single signature reports it (optax: `jnp.expand_dims(w, axis)` with
    `axis` possibly None). A "no overloads" alone stays."""
    from ndtyping._static.check_command import Finding
    from ndtyping._static.messages import rewrite_findings

    def finding(line: int, column: int, rule: str, message: str) -> Finding:
        return Finding("a.py", line, column, line, column + 5, "error", rule, message)

    call = finding(3, 9, "reportCallIssue", 'No overloads for "expand_dims" match the provided arguments')
    argument = finding(
        3, 31, "reportArgumentType",
        'Argument of type "int | None" cannot be assigned to parameter "axis" of type "int | Sequence[int]" '
        'in function "expand_dims"',
    )  # fmt: skip
    alone = finding(5, 9, "reportCallIssue", 'No overloads for "where" match the provided arguments')
    shape = finding(7, 9, "reportCallIssue", 'No overloads for "where" match the provided arguments')
    shape_argument = finding(
        7, 30, "reportArgumentType",
        'Argument of type "ShapedArray[float32, tuple[M@f]]" cannot be assigned to parameter "y" of type '
        '"ShapedArray[D@where, tuple[Literal[1], *Rest@where]]" in function "where"',
    )  # fmt: skip
    kept = rewrite_findings([call, argument, alone, shape, shape_argument], {})
    assert [(f.line, f.rule) for f in kept] == [
        (3, "reportArgumentType"), (5, "reportCallIssue"), (7, "reportCallIssue"), (7, "reportArgumentType")
    ]  # fmt: skip


def test_split_follows_ndtyping_through_every_import_form(tmp_path: Path) -> None:
    """The overlay run gets each file that imports ndtyping in any form, or a local module that
    does (checked or not, through packages, relative imports and stubs); nothing else."""
    write_tree(tmp_path, {
        "pyrightconfig.json": '{"exclude": ["vendored"]}',
        "alias.py": "import ndtyping as nd\n",
        "names.py": "from ndtyping import Float, NDArray\n",
        "submodule.py": "import ndtyping.something\n",
        "type_checking.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ndtyping import NDArray\n",
        "in_function.py": "def f():\n    import ndtyping\n",
        "uses_alias.py": "import numpy as np\nimport alias\n",
        "uses_uses_alias.py": "from uses_alias import np\n",
        "pkg/__init__.py": "from .inner import thing\n",
        "pkg/inner.py": "from names import *\nthing = 1\n",
        "pkg/other.py": "import os\n",
        "via_package.py": "import pkg.other\n",  # pkg/__init__.py runs, and it flows
        "rel/__init__.py": "",
        "rel/a.py": "from . import b\n",
        "rel/b.py": "from .. import names\n",
        "rel/c.py": "from .d import x\n",
        "rel/d.py": "x = 1\n",
        "vendored/helper.py": "import ndtyping\n",  # excluded, so not checked; imported all the same
        "uses_vendored.py": "from vendored.helper import x\n",
        "typings/stubbed/__init__.pyi": "from ndtyping import NDArray\n",  # the user's stubPath
        "uses_stub.py": "import stubbed\n",
        "mentions.py": "# ndtyping, mentioned only\nimport numpy, jax, os.path\ns = 'import ndtyping'\n",
        "broken.py": "def (:\n",
        ".hidden/x.py": "import ndtyping\n",
        "node_modules/y.py": "import ndtyping\n",
    })  # fmt: skip
    split = split_files(Project(tmp_path, tmp_path / "pyrightconfig.json"), [])

    def names(paths: tuple[Path, ...]) -> set[str]:
        return {p.relative_to(tmp_path).as_posix() for p in paths}

    assert names(split.overlay) == {
        "alias.py", "names.py", "submodule.py", "type_checking.py", "in_function.py", "uses_alias.py",
        "uses_uses_alias.py", "pkg/__init__.py", "pkg/inner.py", "via_package.py", "rel/a.py", "rel/b.py",
        "uses_vendored.py", "typings/stubbed/__init__.pyi", "uses_stub.py",
    }  # fmt: skip
    assert names(split.plain) == {"pkg/other.py", "rel/__init__.py", "rel/c.py", "rel/d.py", "mentions.py", "broken.py"}
    assert split.reasons[tmp_path / "uses_vendored.py"] == "line 1 imports helper.py, which holds ndtyping types"
    # a __builtins__.pyi every file sees, holding ndtyping types: everything goes to the overlay
    (tmp_path / "__builtins__.pyi").write_text("from ndtyping import NDArray as NDArray\n")
    everything = split_files(Project(tmp_path, tmp_path / "pyrightconfig.json"), [tmp_path / "rel"])
    assert names(everything.overlay) == {"rel/__init__.py", "rel/a.py", "rel/b.py", "rel/c.py", "rel/d.py"}


def test_split_counts_distributions_that_require_ndtyping(tmp_path: Path) -> None:
    """A package typed with ndtyping (it requires ndtyping, maybe through an extra or another
    package) can hand an ndtyping type to its importers; others cannot."""
    site = tmp_path / "env" / "lib" / "python3.11" / "site-packages"
    metadata = "Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n{requires}"
    write_tree(site, {
        "shapelib-1.0.dist-info/METADATA": metadata.format(
            name="shapelib", requires="Requires-Dist: ndtyping>=0.1; extra == 'shapes'\n"),
        "shapelib-1.0.dist-info/top_level.txt": "shapelib\n",
        "Uses_Shapes-1.0.dist-info/METADATA": metadata.format(name="Uses_Shapes", requires="Requires-Dist: ShapeLib\n"),
        "Uses_Shapes-1.0.dist-info/RECORD": "uses_shapes/__init__.py,,\nuses_shapes_mod.py,,\n",
        # installed as RECORD says: Python 3.12+ leaves a listed file that is missing out of `files`
        "uses_shapes/__init__.py": "",
        "uses_shapes_mod.py": "",
        "other-1.0.dist-info/METADATA": metadata.format(name="other", requires="Requires-Dist: numpy\n"),
        "other-1.0.dist-info/top_level.txt": "other\n",
    })  # fmt: skip
    (tmp_path / "env" / "pyvenv.cfg").write_text("")
    assert flowing_modules(tmp_path / "env") == {"ndtyping", "shapelib", "uses_shapes", "uses_shapes_mod"}
    write_tree(tmp_path, {
        "pyrightconfig.json": '{"venvPath": ".", "venv": "env"}',
        "a.py": "from uses_shapes import thing\n", "b.py": "import other, numpy\n",
    })  # fmt: skip
    split = split_files(Project(tmp_path, tmp_path / "pyrightconfig.json"), [])
    assert [p.name for p in split.overlay] == ["a.py"] and [p.name for p in split.plain] == ["b.py"]


@pyright
def test_split_enumerates_the_files_pyright_checks(tmp_path: Path) -> None:
    """The split's files are the ones pyright itself finds: include globs, the user's exclude,
    pyright's default excludes and virtual environments."""
    write_tree(tmp_path, {
        "pyrightconfig.json": '{"include": ["src", "scripts/*.py", "tools"], "exclude": ["**/gen_*", "src/skip"]}',
        "src/a.py": "", "src/b.pyi": "", "src/gen_x.py": "", "src/skip/c.py": "", "src/deep/gen_y/d.py": "",
        "src/deep/e.py": "", "src/__pycache__/f.py": "", "src/.cache/g.py": "", "src/node_modules/h.py": "",
        "src/env/pyvenv.cfg": "", "src/env/i.py": "", "src/notes.txt": "", "scripts/run.py": "",
        "scripts/sub/no.py": "", "tools/t.py": "", "other/o.py": "",
    })  # fmt: skip
    project = Project(tmp_path, tmp_path / "pyrightconfig.json")
    found = {p.relative_to(tmp_path).as_posix() for p in enumerate_sources(project, [], read_chain(project))}
    assert found == {"src/a.py", "src/b.pyi", "src/deep/e.py", "scripts/run.py", "tools/t.py"}
    assert run_pyright(project=tmp_path, cwd=tmp_path).summary["filesAnalyzed"] == len(found)
    named = enumerate_sources(project, [tmp_path / "src" / "skip" / "c.py", tmp_path / "other"], read_chain(project))
    assert {p.relative_to(tmp_path).as_posix() for p in named} == {"other/o.py"}  # an excluded file stays out
    direct = run_pyright([tmp_path / "src" / "skip" / "c.py", tmp_path / "other"], project=tmp_path, cwd=tmp_path)
    assert direct.summary["filesAnalyzed"] == 1


def test_split_resolves_imports_through_extra_paths_and_execution_environments(tmp_path: Path) -> None:
    """A module found through the config's extraPaths or an execution environment's root (or its
    extraPaths) counts as local: importing one that imports ndtyping puts the importer under the
    overlay."""
    write_tree(tmp_path, {
        "pyrightconfig.json": '{"include": ["app"], "extraPaths": ["libs"], "executionEnvironments": '
                              '[{"root": "app/service", "extraPaths": ["shared"]}]}',
        "libs/shapes_lib.py": "from ndtyping import NDArray\n",
        "shared/shared_shapes.py": "import ndtyping\n",
        "app/service/helper.py": "import os\n",
        "app/a.py": "import shapes_lib\n",
        "app/service/b.py": "from shared_shapes import x\n",
        "app/service/c.py": "import helper\n",
    })  # fmt: skip
    split = split_files(Project(tmp_path, tmp_path / "pyrightconfig.json"), [])
    assert sorted(p.name for p in split.overlay) == ["a.py", "b.py"]
    assert sorted(p.name for p in split.plain) == ["c.py", "helper.py"]
