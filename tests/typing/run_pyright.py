"""Run pyright (a real subprocess) on typing case files and return its diagnostics."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    severity: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.severity}: {self.message} ({self.rule})"


def pyright_command() -> list[str]:
    exe = Path(sys.executable).with_name("pyright")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("pyright")
    if found:
        return [found]
    return [sys.executable, "-m", "pyright"]


def run_pyright(
    paths: list[Path], python_version: str, config: Path = HERE / "pyrightconfig.json", keep_information: bool = False
) -> list[Diagnostic]:
    """Diagnostics pyright reports for `paths` (errors and warnings; information too if asked)."""
    command = [
        *pyright_command(), "--outputjson", "--project", str(config),
        "--pythonpath", sys.executable, "--pythonversion", python_version,
        *[str(p) for p in paths],
    ]  # fmt: skip
    env = {**os.environ, "PYRIGHT_PYTHON_FORCE_VERSION": "1.1.414"}
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(
            f"pyright did not produce JSON (exit {result.returncode}):\n{result.stdout}\n{result.stderr}"
        ) from None
    diagnostics = []
    for item in report["generalDiagnostics"]:
        if item["severity"] == "information" and not keep_information:
            continue
        diagnostics.append(
            Diagnostic(
                file=str(Path(item["file"]).relative_to(ROOT)) if item["file"].startswith(str(ROOT)) else item["file"],
                line=item["range"]["start"]["line"] + 1,
                severity=item["severity"],
                rule=item.get("rule", ""),
                message=item["message"].replace("\n", " "),
            )
        )
    if report["summary"]["filesAnalyzed"] == 0:
        raise RuntimeError("pyright analysed no files")
    return diagnostics
