"""Run pyright (a real subprocess) on typing case files and return its diagnostics."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ndtyping._static.pyright_runner import forced_version_env, run_pyright as run_pyright_process

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


def run_pyright(
    paths: list[Path], python_version: str, config: Path = HERE / "pyrightconfig.json", keep_information: bool = False
) -> list[Diagnostic]:
    """Diagnostics pyright reports for `paths` (errors and warnings; information too if asked)."""
    run = run_pyright_process(
        paths, project=config, python_version=python_version, cwd=ROOT, env=forced_version_env("1.1.414"), timeout=600
    )
    report = run.checked_report()
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
