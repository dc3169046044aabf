"""`ndtyping check`: pyright on the user's code with ndtyping's stubs, whatever their config says.

pyright has no command-line option for `stubPath`, so the check writes a small config that
`extends` the project's own (pyrightconfig.json or pyproject.toml) and sets only `stubPath`.
pyright resolves the relative paths of an extended config against that config's directory, so
include/exclude/strict/executionEnvironments keep their meaning. The project root, however, is
the directory of the config pyright is given (`--project`), and several defaults hang off it:
the default include, the auto-excluded `**/.*` and `**/node_modules`, the `src/` search path and
where local imports resolve from. The generated config is therefore written into the project
root itself (a hidden file, removed afterwards); only when that directory is read-only does it go
to a temporary directory, with a note.

`stubPath` names one directory, and the project may already keep its own stubs there (pyright's
default is `typings/`). The check then points pyright at a temporary directory of links holding
both: the project's stubs, and ndtyping's overlay for the packages it covers (numpy).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Optional, TextIO, cast

from .einsum_rules import project_einsum
from .messages import rewrite_findings
from .numpy_annotations import ndarray_annotation_only
from .overlay import MINIMUM, build_overlay, einsum_layer, overlay_staleness, supported
from .pyright_project import CheckError, Project, find_project, locate_project, merged_stub_dir, user_stub_dir
from .pyright_runner import PyrightFailed, pyright_command, run_pyright

__all__ = ["CheckError", "Finding", "Project", "find_project", "pyright_command", "run_check"]


@dataclass(frozen=True)
class Finding:
    """One pyright diagnostic, positions 1-based, `file` relative to the current directory."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    severity: str  # "error", "warning" or "information"
    rule: str  # "" for diagnostics without a rule (syntax errors, ...)
    message: str

    def format(self) -> str:
        """`path:line:col: severity: message (rule)`, the message's further lines indented."""
        lines = self.message.splitlines() or [""]
        if self.rule:
            lines[-1] += f" ({self.rule})"
        head = f"{self.file}:{self.line}:{self.column}: {self.severity}: {lines[0]}"
        return "\n".join([head, *("    " + line for line in lines[1:])])


# ---------------------------------------------------------------------------------------------
# Stubs and the generated config


def write_config(project: Project, stub_dir: Path, scratch: Path, err: TextIO) -> Path:
    """Write the config pyright runs with: the project's own, extended with ndtyping's stubPath."""
    settings = {"stubPath": str(stub_dir)}
    if project.config is not None:
        settings = {"extends": str(project.config), **settings}
    text = json.dumps(settings, indent=2) + "\n"
    try:
        handle, name = tempfile.mkstemp(prefix=".ndtyping-pyright-", suffix=".json", dir=project.root)
    except OSError:
        print(f"ndtyping check: cannot write to {project.root}; pyright runs from a temporary config, so what "
              "it derives from the project root (the default include, the src/ search path, local imports) "
              "may differ", file=err)  # fmt: skip
        path = scratch / "pyrightconfig.json"
        path.write_text(text, encoding="utf-8")
        return path
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(text)
    return Path(name)


# ---------------------------------------------------------------------------------------------
# Running pyright


def _display_path(file: str, cwd: Path) -> str:
    path = Path(file)
    try:
        return str(path.resolve().relative_to(cwd))
    except ValueError:
        return str(path)


def parse_report(stdout: str, cwd: Path) -> tuple[list[Finding], dict[str, Any]]:
    report = json.loads(stdout)
    findings = [
        Finding(
            file=_display_path(item["file"], cwd),
            line=item["range"]["start"]["line"] + 1,
            column=item["range"]["start"]["character"] + 1,
            end_line=item["range"]["end"]["line"] + 1,
            end_column=item["range"]["end"]["character"] + 1,
            severity=item["severity"],
            rule=item.get("rule", ""),
            message=item["message"].replace("\xa0", " "),  # pyright indents with no-break spaces
        )
        for item in report.get("generalDiagnostics", [])
    ]
    findings.sort(key=lambda f: (f.file, f.line, f.column))
    return findings, report


def in_user_words(findings: list[Finding], cwd: Path) -> list[Finding]:
    """pyright's messages with NDArray spelled as the user writes it (see ndtyping._static.messages)."""
    sources: dict[str, list[str]] = {}
    for finding in findings:
        if finding.rule == "reportCallIssue" and finding.file not in sources:
            try:
                sources[finding.file] = (cwd / finding.file).read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError):
                sources[finding.file] = []
    return cast("list[Finding]", rewrite_findings(findings, sources))


@dataclass(frozen=True)
class Options:
    paths: list[Path]
    project: Optional[Path] = None
    python_version: Optional[str] = None
    stubs: bool = True
    json: bool = False
    verbose: bool = False


def run_check(options: Options, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Run the check; returns the exit status (0 clean, 1 errors). Raises CheckError (status 2)."""
    from importlib.metadata import version

    cwd = Path.cwd().resolve()
    for path in options.paths:
        if not path.exists():
            raise CheckError(f"no such file or directory: {path}")
    command = pyright_command()
    if command is None:
        raise CheckError("pyright is not installed: `pip install pyright` (ndtyping check runs it)")
    project = locate_project(options.project, options.paths, cwd)
    editor_stubs = user_stub_dir(project)
    einsum = project_einsum(project, options.paths) if options.stubs else None
    stale = overlay_staleness(editor_stubs, einsum=einsum)
    if stale:  # the check itself uses a fresh overlay; the editor still reads the stale one
        print(f"ndtyping check: the ndtyping stubs your editor uses ({_display_path(str(editor_stubs), cwd)}) are "
              f"stale, {stale}: run `ndtyping editor` to rebuild them", file=err)  # fmt: skip

    stubs_note = ""
    use_stubs = options.stubs
    if not options.stubs:
        stubs_note = "--no-stubs"
    elif not supported("numpy"):
        use_stubs = False
        wanted = ".".join(map(str, MINIMUM["numpy"]))
        stubs_note = f"numpy {version('numpy')} < {wanted}"
        print(f"ndtyping check: the numpy overlay needs numpy >= {wanted} (installed: {version('numpy')}); "
              "checking without ndtyping's numpy stubs", file=err)  # fmt: skip

    with tempfile.TemporaryDirectory(prefix="ndtyping-check-") as scratch_name:
        scratch = Path(scratch_name)
        stub_dir: Optional[Path] = None
        if use_stubs:

            def warn(message: str) -> None:
                print(f"ndtyping check: warning: {message}", file=err)

            overlay = build_overlay(warn=warn)
            if einsum:  # the project's einsum spellings: a layer over the cached overlay, this run only
                overlay = einsum_layer(overlay, einsum, scratch / "overlay", warn=warn)
            stub_dir, shadowed = merged_stub_dir(overlay, editor_stubs, scratch)
            if shadowed:
                print(f"ndtyping check: ndtyping's overlay replaces your stubs for {', '.join(shadowed)}", file=err)
        generated: Optional[Path] = None
        try:
            config = project.config  # without stubs, the user's config as it is
            if stub_dir is not None:
                config = generated = write_config(project, stub_dir, scratch, err)
            if options.verbose:
                print(f"ndtyping check: project root {project.root}, config {project.config or '(none)'}", file=err)
                if generated is not None:
                    print(f"ndtyping check: generated {generated}:\n{generated.read_text()}", end="", file=err)
            try:
                result = run_pyright(
                    (p.resolve() for p in options.paths), project=config, python_version=options.python_version,
                    cwd=cwd, command=command,
                )  # fmt: skip
            except PyrightFailed as error:
                raise CheckError(str(error)) from None
            if options.verbose:
                print("ndtyping check: running " + " ".join(result.command), file=err)
        finally:
            if generated is not None:
                generated.unlink(missing_ok=True)

    try:
        findings, report = parse_report(result.stdout, cwd)
    except (ValueError, KeyError, TypeError):
        report, findings = None, []
    kept = [f for f in findings if not (f.severity == "error" and ndarray_annotation_only(f.rule, f.message))]
    accepted = len(findings) - len(kept)
    findings = in_user_words(kept, cwd)
    if report is None or result.returncode not in (0, 1):
        detail = "\n".join(
            part.strip() for part in (result.stderr, result.stdout if report is None else "") if part.strip()
        )
        raise CheckError(f"pyright failed (exit status {result.returncode}):\n{detail or '(no output)'}")

    version = str(report.get("version", "?"))
    counts = {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "information")}
    files = int(report.get("summary", {}).get("filesAnalyzed", 0))
    if options.json:
        summary = {
            "errors": counts["error"], "warnings": counts["warning"], "information": counts["information"],
            "files": files, "pyright": version, "stubs": use_stubs, "stubs_note": stubs_note or None,
            "accepted_ndarray_annotations": accepted,
        }  # fmt: skip
        json.dump({"findings": [asdict(f) for f in findings], "summary": summary}, out, indent=2)
        out.write("\n")
    else:
        for finding in findings:
            print(finding.format(), file=out)
        print(summary_line(counts, files, version, stubs_note, accepted), file=out)
    if files == 0:
        where = ", ".join(str(p) for p in options.paths) if options.paths else "your config's include/exclude"
        raise CheckError(f"no Python files to check in {where}")
    return 1 if counts["error"] else 0


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(counts: dict[str, int], files: int, version: str, stubs_note: str, accepted: int = 0) -> str:
    parts = [_plural(counts["error"], "error"), _plural(counts["warning"], "warning")]
    if counts["information"]:
        parts.append(f"{counts['information']} information")
    stubs = f"ndtyping stubs off: {stubs_note}" if stubs_note else "ndtyping stubs on"
    line = f"{', '.join(parts)} in {_plural(files, 'file')} (pyright {version}, {stubs})"
    if accepted:  # see ndtyping._static.numpy_annotations
        line += f"; {_plural(accepted, 'pyright error')} accepted: an NDArray where the code says np.ndarray"
    return line
