"""Running pyright: the one place that builds its command, runs it and reads `--outputjson`.

Used by `ndtyping check`, the tests, the tools (corpus and real-code measurements) and the
benchmarks, so that all of them run pyright the same way: the script beside this Python (or on
PATH, or `python -m pyright`), `--outputjson`, `--pythonpath` of the interpreter whose packages
are checked, and the CPU seconds of the run (pyright runs under node, a child process: user +
system time moves far less with a shared machine's load than wall time does).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from .._errors import NdtypingError

__all__ = [
    "PyrightFailed",
    "PyrightRun",
    "children_cpu_seconds",
    "forced_version_env",
    "pyright_command",
    "run_pyright",
]

PathLike = Union[str, Path]


class PyrightFailed(NdtypingError):
    """pyright could not be started, or printed no report."""


def pyright_command(name: str = "pyright") -> Optional[list[str]]:
    """How to start pyright (or basedpyright, by `name`): the script beside this Python, on PATH,
    or `python -m pyright`; None when it is not installed."""
    for candidate in (name, f"{name}.exe"):
        beside = Path(sys.executable).with_name(candidate)
        if beside.is_file():
            return [str(beside)]
    found = shutil.which(name)
    if found:
        return [found]
    if name == "pyright" and importlib.util.find_spec("pyright") is not None:
        return [sys.executable, "-m", "pyright"]
    return None


@dataclass(frozen=True)
class PyrightRun:
    """One finished pyright process: its report (None when it printed no JSON) and its cost."""

    command: list[str]
    returncode: int
    stdout: str
    stderr: str
    report: Optional[dict[str, Any]]
    cpu_seconds: float
    wall_seconds: float
    cwd: Path = field(default_factory=Path.cwd)

    def checked_report(self) -> dict[str, Any]:
        """The report, or PyrightFailed with what pyright printed instead."""
        if self.report is None:
            raise PyrightFailed(
                f"pyright printed no report (exit {self.returncode}): {' '.join(self.command)}\n"
                f"{self.stdout[-2000:]}\n{self.stderr[-2000:]}"
            )
        return self.report

    @property
    def diagnostics(self) -> list[dict[str, Any]]:
        """The report's diagnostics as pyright gives them (0-based ranges)."""
        return list(self.checked_report().get("generalDiagnostics", []))

    def errors(self) -> list[dict[str, Any]]:
        return [d for d in self.diagnostics if d.get("severity") == "error"]

    @property
    def summary(self) -> dict[str, Any]:
        return dict(self.checked_report().get("summary", {}))


def children_cpu_seconds() -> float:
    """CPU seconds (user + system) of this process's finished children, where the platform says."""
    try:
        import resource
    except ImportError:  # Windows: no CPU figure
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_pyright(
    paths: Iterable[PathLike] = (),
    *,
    project: Optional[PathLike] = None,
    python_version: Optional[str] = None,
    python: Optional[PathLike] = None,
    cwd: Optional[PathLike] = None,
    env: Optional[Mapping[str, str]] = None,
    command: Optional[list[str]] = None,
    extra_args: Iterable[str] = (),
    timeout: Optional[float] = None,
) -> PyrightRun:
    """pyright `--outputjson` on `paths` (or the project's include when none), as a subprocess.

    `project`: a config file or its directory (`--project`); `python`: the interpreter whose
    site-packages pyright resolves imports in (default: this one); `command`: another way to start
    it (basedpyright, `ndtyping check`'s resolved command). Raises PyrightFailed when pyright
    cannot be started; a run that printed no JSON has `report` None (see `checked_report`).
    """
    base = command if command is not None else pyright_command()
    if base is None:
        raise PyrightFailed("pyright is not installed (pip install pyright)")
    args = [*base, "--outputjson", "--pythonpath", str(python or sys.executable)]
    if project is not None:
        args += ["--project", str(project)]
    if python_version:
        args += ["--pythonversion", python_version]
    args += [*extra_args, *(str(p) for p in paths)]
    directory = Path(cwd) if cwd is not None else Path.cwd()
    cpu, start = children_cpu_seconds(), time.perf_counter()
    try:
        result = subprocess.run(
            args, capture_output=True, text=True, cwd=directory, env=dict(env) if env is not None else None,
            timeout=timeout,
        )  # fmt: skip
    except OSError as error:
        raise PyrightFailed(f"cannot run pyright ({' '.join(base)}): {error}") from None
    wall, cpu = time.perf_counter() - start, children_cpu_seconds() - cpu
    try:
        report: Optional[dict[str, Any]] = json.loads(result.stdout)
    except ValueError:
        report = None
    return PyrightRun(args, result.returncode, result.stdout, result.stderr, report, cpu, wall, directory)


def forced_version_env(version: str) -> dict[str, str]:
    """The environment that makes the `pyright` PyPI wrapper run exactly `version` of pyright."""
    return {**os.environ, "PYRIGHT_PYTHON_FORCE_VERSION": version}
