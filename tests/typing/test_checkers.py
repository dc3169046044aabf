"""Every checker reads ndtyping's annotations (issue 33): mypy, Pyrefly, ty, pyright and basedpyright,
each a real subprocess, on a subset of the corpora's correct files (tools/checkers_table.py: every
6th correct twin of each corpus for mypy, Pyrefly and ty, every 24th for pyright and basedpyright,
which read the overlay; the corpus tests run pyright on all of them). A checker that is not
installed is skipped, saying so.

- no annotation-form error (mypy [valid-type], Pyrefly [not-a-type], ty [invalid-type-form],
  pyright's reportInvalidTypeForm, ...) other than the listed ones whose cause is not ndtyping;
- docs/checkers.md's table holds the counts measured here (on the stack it names);
- each checker reads the NDArray meant for it (ndtyping/_surface/public.pyi chooses by conditions
  only some checkers evaluate: the test that the choice still holds).

Times are not asserted (a shared machine); `python -m tools.checkers_table --write` measures them
with the baseline and rewrites the table.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from tools import checkers_table
from tools.checkers_table import CHECKERS, DOC, Measurement, checker_command, measure, read_table, stack

pytestmark = pytest.mark.pyright  # the corpus tests' marker: slow, runs real checkers


@pytest.fixture(scope="module")
def measured() -> dict[str, Measurement]:
    return {m.checker: m for m in measure(CHECKERS, baseline=False, timeout=300)}


def _installed(checker: str) -> None:
    if checker_command(checker) is None:
        pytest.skip(f"{checker} is not installed beside {sys.executable} (pyproject's `test` extra installs it)")


@pytest.mark.parametrize("checker", CHECKERS)
def test_no_annotation_form_errors(measured: dict[str, Measurement], checker: str) -> None:
    _installed(checker)
    run = measured[checker].with_ndtyping
    assert not run.timed_out, f"{checker} did not finish in 300 s"
    assert not run.failure, run.failure
    assert measured[checker].files > 10
    assert [str(e) for e in run.ndtyping_form_errors] == []


@pytest.mark.parametrize("checker", ["pyrefly", "mypy"])
def test_paths_a_checker_prints_relative_to_where_it_ran(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, checker: str
) -> None:
    """Pyrefly prints paths relative to its working directory (the scratch): they are resolved
    there, not in the test's own working directory (CI's checkout and /tmp sit at other depths)."""
    scratch, elsewhere = tmp_path / "scratch", tmp_path / "a" / "b" / "c" / "d"
    elsewhere.mkdir(parents=True)
    scratch.mkdir()
    monkeypatch.chdir(elsewhere)
    target = checkers_table.ROOT / "tests" / "typing" / "holdout" / "jax_gat_ok.py"
    printed = os.path.relpath(target, scratch)
    if checker == "pyrefly":
        report = {
            "errors": [
                {"path": printed, "line": 20, "name": "not-a-type", "concise_description": "m", "severity": "error"}
            ]
        }
        stdout = json.dumps(report)
    else:
        stdout = f"{printed}:20: error: m  [valid-type]"
    errors = checkers_table._parse(checker, stdout, scratch)
    assert errors is not None and [e.file for e in errors] == ["tests/typing/holdout/jax_gat_ok.py"]


@pytest.mark.parametrize("checker", CHECKERS)
def test_the_doc_table_holds_the_measured_counts(measured: dict[str, Measurement], checker: str) -> None:
    _installed(checker)
    table_stack, rows = read_table(DOC.read_text(encoding="utf-8"))
    assert checker in rows, f"docs/checkers.md has no row for {checker}: python -m tools.checkers_table --write"
    row, m = rows[checker], measured[checker]
    assert row["form"] == "0"
    assert int(row["files"]) == m.files
    if table_stack == stack() and row["version"] == m.version:  # the stack the table was measured on
        assert int(row["errors"]) == len(m.with_ndtyping.errors), (
            f"{checker}'s errors on correct files changed: python -m tools.checkers_table --write\n"
            + "\n".join(map(str, m.with_ndtyping.errors))
        )


REVEAL = """\
from typing_extensions import reveal_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")


def f(x: NDArray[float32, N]) -> None:
    reveal_type(x)
"""
# What each checker must read (public.pyi's choice): the shape-typed NDArray for pyright and
# basedpyright, the gradual one for the others (mypy's protocol, ty's and Pyrefly's union with Any).
EXPECTED = {
    "mypy": r"gradual\._ShapedArray\[",
    "pyrefly": r"^_GradualArray\[.*\] \| Any$",
    "ty": r"^`Any \| _GradualArray\[",
    "pyright": r'^Type of "x" is "ShapedArray\[',
    "basedpyright": r'^Type of "x" is "ShapedArray\[',
}


@pytest.mark.parametrize("checker", CHECKERS)
def test_each_checker_reads_its_ndarray(tmp_path: Path, checker: str) -> None:
    _installed(checker)
    source = tmp_path / "reveal.py"
    source.write_text(REVEAL)
    revealed = _revealed(checker, source, tmp_path)
    assert re.search(EXPECTED[checker], revealed), f"{checker} reads NDArray as {revealed!r}"


def _revealed(checker: str, source: Path, scratch: Path) -> str:
    """The text of the one reveal_type in `source`, as `checker` reports it (without the stubs)."""
    import json
    import os
    import subprocess

    base = checker_command(checker)
    assert base is not None
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    src = str(checkers_table.SRC)
    if checker == "mypy":
        env["PYTHONPATH"] = src
        args = [*base, "--python-executable", sys.executable, "--cache-dir", str(scratch / "cache"), str(source)]
        out = subprocess.run(args, capture_output=True, text=True, env=env, cwd=scratch, timeout=300).stdout
        found = re.search(r'Revealed type is "(.*)"', out)
    elif checker == "pyrefly":
        (scratch / "pyrefly.toml").write_text(
            f"search-path = [{json.dumps(src)}]\npython-interpreter-path = {json.dumps(sys.executable)}\n"
        )
        args = [*base, "check", "-c", str(scratch / "pyrefly.toml"), "--output-format", "min-text", str(source)]
        out = subprocess.run(args, capture_output=True, text=True, env=env, cwd=scratch, timeout=300).stdout
        found = re.search(r"revealed type: (.*) \[reveal-type\]", out)
    elif checker == "ty":
        args = [*base, "check", "--python", sys.executable, "--extra-search-path", src, "--output-format", "concise",
                "--no-progress", str(source)]  # fmt: skip
        out = subprocess.run(args, capture_output=True, text=True, env=env, cwd=scratch, timeout=300).stdout
        found = re.search(r"Revealed type: (.*)$", out, re.M)
    else:
        (scratch / "pyrightconfig.json").write_text(json.dumps({"extraPaths": [src]}))
        env["PYRIGHT_PYTHON_FORCE_VERSION"] = checkers_table.PYRIGHT_VERSION
        args = [*base, "--pythonpath", sys.executable, "--project", str(scratch), str(source)]
        out = subprocess.run(args, capture_output=True, text=True, env=env, cwd=scratch, timeout=300).stdout
        found = re.search(r'(Type of "x" is .*)$', out, re.M)
    assert found, f"{checker} revealed nothing:\n{out}"
    return found.group(1)
