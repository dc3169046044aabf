"""The gates a typing library passes before anything else: its own source lints (ruff), is
formatted (ruff format), type-checks with zero errors for the oldest and newest Python it
supports (pyright), and its public API is fully typed (`pyright --verifytypes`).

ruff changes its rules and its formatting between releases, so the ruff gates run where ruff is
the version pinned in constraints/pinned-py311.txt (the 3.11 stack) and skip elsewhere. pyright
is pinned by the `test` extra, so its gates run on every stack.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ndtyping._static.pyright_runner import pyright_command, run_pyright

ROOT = Path(__file__).resolve().parents[2]
LINTED = ["src", "tools", "tests"]


def _tool(name: str) -> str | None:
    beside = Path(sys.executable).with_name(name)  # the venv's own copy first
    return str(beside) if beside.exists() else shutil.which(name)


def _pinned(package: str) -> str | None:
    text = (ROOT / "constraints" / "pinned-py311.txt").read_text()
    found = re.search(rf"^{re.escape(package)}==(\S+)$", text, re.MULTILINE)
    return found.group(1) if found else None


def _ruff() -> str:
    ruff = _tool("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (it is in the `test` extra)")
    version = subprocess.run([ruff, "--version"], capture_output=True, text=True, check=True).stdout.split()[-1]
    pinned = _pinned("ruff")
    if version != pinned:
        pytest.skip(f"ruff {version} is not the pinned {pinned}: rules and formatting change between releases")
    return ruff


def test_ruff_lint() -> None:
    result = subprocess.run([_ruff(), "check", *LINTED], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"ruff check {' '.join(LINTED)}:\n{result.stdout}{result.stderr}"


def test_ruff_format() -> None:
    result = subprocess.run([_ruff(), "format", "--check", *LINTED], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, (
        f"ruff format --check {' '.join(LINTED)} (run `ruff format {' '.join(LINTED)}`):\n{result.stdout}{result.stderr}"
    )


def _pyright(*args: str, cwd: Path, env: dict[str, str] | None = None) -> dict:
    command = pyright_command()
    if command is None:
        pytest.skip("pyright is not installed")
    run = run_pyright(command=command, extra_args=args, cwd=cwd, env=env, timeout=900)
    if run.report is None:
        pytest.fail(f"pyright {' '.join(args)} printed no report:\n{run.stdout}{run.stderr}")
    return run.report


@pytest.mark.pyright
@pytest.mark.parametrize("python_version", ["3.10", "3.13"])
def test_pyright_on_src(python_version: str) -> None:
    report = _pyright("--pythonversion", python_version, "-p", "src", cwd=ROOT)
    errors = [
        f"{d['file']}:{d['range']['start']['line'] + 1}: {d['message']} ({d.get('rule', '')})"
        for d in report["generalDiagnostics"]
        if d["severity"] == "error"
    ]
    assert report["summary"]["filesAnalyzed"] > 20, "pyright analysed almost nothing: is src/pyrightconfig.json read?"
    assert not errors, f"pyright --pythonversion {python_version} on src:\n" + "\n".join(errors)


@pytest.mark.pyright
def test_public_api_is_fully_typed(tmp_path: Path) -> None:
    # pyright --verifytypes does not follow an editable install; it verifies a copy of the package
    # on PYTHONPATH, which it reads as an installed one (py.typed and all).
    site = tmp_path / "site"
    shutil.copytree(ROOT / "src" / "ndtyping", site / "ndtyping", ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(site)}
    report = _pyright("--verifytypes", "ndtyping", "--ignoreexternal", cwd=tmp_path, env=env)
    completeness = report["typeCompleteness"]
    problems = [
        f"{s['name']}: {d['message']}"
        for s in completeness["symbols"]
        for d in s["diagnostics"]
        if d["severity"] == "error"
    ]
    assert completeness["packageRootDirectory"].startswith(str(site)), completeness["packageRootDirectory"]
    assert completeness["completenessScore"] == 1.0, (
        f"public API {completeness['completenessScore']:.1%} known:\n" + "\n".join(problems)
    )
