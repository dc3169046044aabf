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

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Optional, Sequence, TextIO, cast

from ._compat import PY311
from ._errors import NdtypingError

__all__ = ["CheckError", "Finding", "Project", "find_project", "pyright_command", "run_check"]

CONFIG_NAMES = ("pyrightconfig.json", "pyproject.toml")
DEFAULT_STUB_DIR = "typings"  # pyright's default stubPath, relative to the project root


class CheckError(NdtypingError):
    """`ndtyping check` cannot run: a bad path, no pyright, a pyright failure."""


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


@dataclass(frozen=True)
class Project:
    """Where pyright's project root is, and the user's config file there (None: no config)."""

    root: Path
    config: Optional[Path]


# ---------------------------------------------------------------------------------------------
# Finding the project and its config, the way pyright's command line does


def find_project(start: Path) -> Optional[Project]:
    """pyright's search: a pyrightconfig.json here or above, else a pyproject.toml here or above."""
    start = start.resolve()
    directories = [start, *start.parents]
    for name in CONFIG_NAMES:
        for directory in directories:
            if (directory / name).is_file():
                return Project(directory, directory / name)
    return None


def project_from_option(option: Path) -> Project:
    """`--project FILE` (a pyrightconfig.json or pyproject.toml) or `--project DIR`."""
    path = option.resolve()
    if path.is_file():
        return Project(path.parent, path)
    if path.is_dir():
        for name in CONFIG_NAMES:
            if (path / name).is_file():
                return Project(path, path / name)
        raise CheckError(f"--project {option}: no pyrightconfig.json or pyproject.toml in that directory")
    raise CheckError(f"--project {option}: no such file or directory")


def locate_project(option: Optional[Path], paths: Sequence[Path], cwd: Path) -> Project:
    """The project: `--project`, else found from the current directory (as pyright does), else
    from the first path checked (so `ndtyping check ../other/pkg` uses that project's config),
    else the current directory without a config."""
    if option is not None:
        return project_from_option(option)
    found = find_project(cwd)
    if found is None and paths:
        first = paths[0].resolve()
        found = find_project(first if first.is_dir() else first.parent)
    return found or Project(cwd.resolve(), None)


def _strip_jsonc(text: str) -> str:
    """JSON with comments and trailing commas (what pyright accepts) -> plain JSON."""
    out: list[str] = []
    strings: list[str] = []  # set aside, so that the trailing-comma rule cannot touch them
    i, n = 0, len(text)
    while i < n:
        if text[i] == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            strings.append(text[i : end + 1])
            out.append(f'"\0{len(strings) - 1}"')
            i = end + 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            out.append(text[i])
            i += 1
    plain = re.sub(r",(\s*[}\]])", r"\1", "".join(out))
    return re.sub(r'"\0(\d+)"', lambda m: strings[int(m.group(1))], plain)


def _read_settings(config: Path, tables: tuple[str, ...] = ("pyright",)) -> Optional[dict[str, Any]]:
    """The pyright settings in a config file, or None when they cannot be read here.

    In pyproject.toml, the first of `tool.<table>` present (basedpyright reads
    `[tool.basedpyright]` before `[tool.pyright]`; pyright only the latter).
    """
    try:
        text = config.read_text(encoding="utf-8")
    except OSError:
        return None
    if config.suffix == ".toml":
        if PY311:  # 3.11+
            import tomllib as toml  # pyright: ignore[reportMissingTypeStubs, reportMissingImports]
        else:  # <=3.10: tomllib is new in 3.11; use tomli when it is installed
            try:
                import tomli as toml  # pyright: ignore[reportMissingImports]
            except ImportError:
                return None
        try:
            document: dict[str, Any] = toml.loads(text)
        except ValueError:
            return None  # pyright reports a broken config itself
        tool: object = document.get("tool", {})
        for table in tables:
            settings: object = tool.get(table) if isinstance(tool, dict) else None  # pyright: ignore[reportUnknownMemberType]
            if isinstance(settings, dict):
                return cast("dict[str, Any]", settings)
        return {}
    try:
        parsed: object = json.loads(_strip_jsonc(text))
    except ValueError:
        return None
    return cast("dict[str, Any]", parsed) if isinstance(parsed, dict) else None


def user_stub_dir(project: Project) -> Path:
    """The stubPath the project's config (and what it extends) sets, else pyright's default."""
    config, seen = project.config, set[Path]()
    while config is not None and config not in seen:
        seen.add(config)
        settings = _read_settings(config)
        if not settings:
            break
        stub_path = settings.get("stubPath")
        if isinstance(stub_path, str):
            return (config.parent / stub_path).resolve()  # relative to the config that says it
        extends = settings.get("extends")
        config = (config.parent / extends).resolve() if isinstance(extends, str) else None
    return project.root / DEFAULT_STUB_DIR


# ---------------------------------------------------------------------------------------------
# Stubs and the generated config


def merged_stub_dir(overlay: Path, user_stubs: Path, scratch: Path) -> tuple[Path, list[str]]:
    """A stub directory with the user's stubs and ndtyping's overlay (which wins on a clash).

    Returns the directory and the names of the user's stubs the overlay shadows.
    """
    if not user_stubs.is_dir() or not any(user_stubs.iterdir()):
        return overlay, []
    ours = {entry.name: entry for entry in overlay.iterdir() if not entry.name.startswith(".")}
    # A directory made by `ndtyping stubs` holds a stale copy of ours: replacing it says nothing new.
    user_is_overlay = (user_stubs / ".ndtyping-overlay").exists()
    shadowed: list[str] = []
    merged = scratch / "stubs"
    merged.mkdir()
    for entry in user_stubs.iterdir():
        if entry.name in ours or Path(entry.name).stem in ours:
            if not user_is_overlay and not entry.name.startswith("."):
                shadowed.append(entry.name)
            continue
        _link(entry, merged / entry.name)
    for name, entry in ours.items():
        _link(entry, merged / name)
    return merged, sorted(shadowed)


def _link(source: Path, target: Path) -> None:
    try:
        target.symlink_to(source, target_is_directory=source.is_dir())
    except OSError:  # no symlinks (Windows without the privilege): copy
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copyfile(source, target)


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


def pyright_command() -> Optional[list[str]]:
    """How to start pyright: the script beside this Python, on PATH, or `python -m pyright`."""
    for name in ("pyright", "pyright.exe"):
        beside = Path(sys.executable).with_name(name)
        if beside.is_file():
            return [str(beside)]
    found = shutil.which("pyright")
    if found:
        return [found]
    if importlib.util.find_spec("pyright") is not None:
        return [sys.executable, "-m", "pyright"]
    return None


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

    from ._overlay import MINIMUM, build_overlay, overlay_staleness, supported

    cwd = Path.cwd().resolve()
    for path in options.paths:
        if not path.exists():
            raise CheckError(f"no such file or directory: {path}")
    command = pyright_command()
    if command is None:
        raise CheckError("pyright is not installed: `pip install pyright` (ndtyping check runs it)")
    project = locate_project(options.project, options.paths, cwd)
    editor_stubs = user_stub_dir(project)
    stale = overlay_staleness(editor_stubs)
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
            overlay = build_overlay(warn=lambda message: print(f"ndtyping check: warning: {message}", file=err))
            stub_dir, shadowed = merged_stub_dir(overlay, editor_stubs, scratch)
            if shadowed:
                print(f"ndtyping check: ndtyping's overlay replaces your stubs for {', '.join(shadowed)}", file=err)
        generated: Optional[Path] = None
        try:
            config = project.config  # without stubs, the user's config as it is
            if stub_dir is not None:
                config = generated = write_config(project, stub_dir, scratch, err)
            pyright_args = ["--outputjson", "--pythonpath", sys.executable]
            if config is not None:
                pyright_args += ["--project", str(config)]
            if options.python_version:
                pyright_args += ["--pythonversion", options.python_version]
            full = [*command, *pyright_args, *(str(p.resolve()) for p in options.paths)]
            if options.verbose:
                print(f"ndtyping check: project root {project.root}, config {project.config or '(none)'}", file=err)
                if generated is not None:
                    print(f"ndtyping check: generated {generated}:\n{generated.read_text()}", end="", file=err)
                print("ndtyping check: running " + " ".join(full), file=err)
            try:
                result = subprocess.run(full, capture_output=True, text=True, cwd=cwd)
            except OSError as error:
                raise CheckError(f"cannot run pyright ({' '.join(command)}): {error}") from None
        finally:
            if generated is not None:
                generated.unlink(missing_ok=True)

    try:
        findings, report = parse_report(result.stdout, cwd)
    except (ValueError, KeyError, TypeError):
        report, findings = None, []
    if report is None or result.returncode not in (0, 1):
        detail = "\n".join(part.strip() for part in (result.stderr, result.stdout if report is None else "") if part.strip())
        raise CheckError(f"pyright failed (exit status {result.returncode}):\n{detail or '(no output)'}")

    version = str(report.get("version", "?"))
    counts = {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "information")}
    files = int(report.get("summary", {}).get("filesAnalyzed", 0))
    if options.json:
        summary = {
            "errors": counts["error"], "warnings": counts["warning"], "information": counts["information"],
            "files": files, "pyright": version, "stubs": use_stubs, "stubs_note": stubs_note or None,
        }  # fmt: skip
        json.dump({"findings": [asdict(f) for f in findings], "summary": summary}, out, indent=2)
        out.write("\n")
    else:
        for finding in findings:
            print(finding.format(), file=out)
        print(summary_line(counts, files, version, stubs_note), file=out)
    if files == 0:
        where = ", ".join(str(p) for p in options.paths) if options.paths else "your config's include/exclude"
        raise CheckError(f"no Python files to check in {where}")
    return 1 if counts["error"] else 0


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(counts: dict[str, int], files: int, version: str, stubs_note: str) -> str:
    parts = [_plural(counts["error"], "error"), _plural(counts["warning"], "warning")]
    if counts["information"]:
        parts.append(f"{counts['information']} information")
    stubs = f"ndtyping stubs off: {stubs_note}" if stubs_note else "ndtyping stubs on"
    return f"{', '.join(parts)} in {_plural(files, 'file')} (pyright {version}, {stubs})"
