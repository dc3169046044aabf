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

The overlay costs every numpy and jax call it types, so only the files an ndtyping type can reach
(ndtyping.split: they import ndtyping, a distribution that requires it, or such a local module)
are checked under it; the others by plain pyright, the user's config extended only with an
`exclude` of the overlay's files, so that it reports on them exactly what pyright alone does. The
two runs go side by side (two processes) and their findings are merged into one report. When
every file falls on one side, one pyright runs: with the user's own config and paths when no file
needs the overlay. `--no-split` keeps the single run under the overlay.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Optional, TextIO, cast

from .einsum_rules import project_einsum
from .messages import hint_without_stubs, rewrite_findings
from .numpy_annotations import ndarray_annotation_only
from .overlay import MINIMUM, Einsum, build_overlay, einsum_layer, overlay_staleness, read_manifest, supported
from .pyright_project import CheckError, Project, find_project, locate_project, merged_stub_dir, user_stub_dir
from .pyright_runner import PyrightFailed, PyrightRun, pyright_command, run_pyright
from .split import Split, read_chain, split_files

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
    settings: dict[str, Any] = {"stubPath": str(stub_dir)}
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


def plain_exclude(project: Project, overlay: tuple[Path, ...]) -> Optional[list[str]]:
    """The `exclude` of the plain run: the user's (relative to the project root, where the generated
    config sits) and the overlay's files. None when it cannot be written that way: a config that
    cannot be read here, a path pyright would read as a pattern, or one on another drive."""
    settings = read_chain(project)
    if not settings.readable:
        return None
    base = settings.exclude_base or project.root
    try:
        entries = [os.path.relpath(os.path.normpath(base / entry), project.root) for entry in settings.exclude]
        files = [os.path.relpath(path, project.root) for path in overlay]
    except ValueError:  # Windows: another drive
        return None
    if any(c in f for f in files for c in "*?"):
        return None
    return [e.replace(os.sep, "/") for e in [*entries, *files]]


def write_plain_config(project: Project, exclude: list[str]) -> Optional[Path]:
    """The plain run's config: the user's own, extended with `exclude`; in the project root (pyright
    reads relative excludes from there), None when it cannot be written there."""
    settings: dict[str, Any] = {"exclude": exclude}
    if project.config is not None:
        settings = {"extends": str(project.config), **settings}
    try:
        handle, name = tempfile.mkstemp(prefix=".ndtyping-pyright-plain-", suffix=".json", dir=project.root)
    except OSError:
        return None
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(json.dumps(settings, indent=2) + "\n")
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
    split: bool = True  # the files no ndtyping type reaches are checked without the overlay
    concurrent: bool = True  # the two runs of a split side by side, else one after the other


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

    stubs_note = ""
    stubs_fix: tuple[str, ...] = ()  # how to get the stubs, where their absence shows (the default: drop --no-stubs)
    use_stubs = options.stubs
    if not options.stubs:
        stubs_note = "--no-stubs"
    elif not supported("numpy"):
        use_stubs = False
        wanted = ".".join(map(str, MINIMUM["numpy"]))
        stubs_note = f"numpy {version('numpy')} < {wanted}"
        stubs_fix = (f"they need numpy >= {wanted}",)
        print(f"ndtyping check: the numpy overlay needs numpy >= {wanted} (installed: {version('numpy')}); "
              "checking without ndtyping's numpy stubs", file=err)  # fmt: skip

    if options.verbose:
        print(f"ndtyping check: project root {project.root}, config {project.config or '(none)'}", file=err)
    # Which files need the overlay (None: all of them, one run as before the split)
    split: Optional[Split] = split_files(project, options.paths) if use_stubs and options.split else None
    if options.verbose and split is not None:
        print(f"ndtyping check: {_plural(len(split.overlay), 'file')} with ndtyping types (checked with the "
              f"overlay), {len(split.plain)} without (plain pyright)", file=err)  # fmt: skip
        for path in split.overlay:
            print(f"ndtyping check:   {_display_path(str(path), cwd)}: {split.reasons[path]}", file=err)
    overlay_needed = use_stubs and (split is None or bool(split.overlay))

    editor_stubs = user_stub_dir(project)
    einsum = None
    if options.stubs and (overlay_needed or read_manifest(editor_stubs) is not None):
        einsum = project_einsum(project, options.paths)
    stale = overlay_staleness(editor_stubs, einsum=einsum)
    if stale:  # the check itself uses a fresh overlay; the editor still reads the stale one
        print(f"ndtyping check: the ndtyping stubs your editor uses ({_display_path(str(editor_stubs), cwd)}) are "
              f"stale, {stale}: run `ndtyping editor` to rebuild them", file=err)  # fmt: skip

    generated: list[Path] = []
    pool = ThreadPoolExecutor(max_workers=1) if options.concurrent else None
    try:
        with tempfile.TemporaryDirectory(prefix="ndtyping-check-") as scratch_name:
            scratch = Path(scratch_name)
            plain_run: Optional[Callable[[], PyrightRun]] = None
            overlay_paths: list[Path] = list(options.paths)
            if not overlay_needed:  # plain pyright: the user's own config and paths
                plain_run = _runner(options, options.paths, project.config, cwd, command, "", err)
            elif split is not None and split.plain:
                exclude = plain_exclude(project, split.overlay)
                plain_config = write_plain_config(project, exclude) if exclude is not None else None
                if plain_config is not None:
                    generated.append(plain_config)
                    plain_run = _runner(options, options.paths, plain_config, cwd, command, "(plain) ", err)
                    if options.verbose:
                        print(f"ndtyping check: generated {plain_config}:\n{plain_config.read_text()}", end="",
                              file=err)  # fmt: skip
                    overlay_paths = list(split.overlay)
                elif options.verbose:
                    print("ndtyping check: one run under the overlay (the plain run's exclude cannot be written)",
                          file=err)  # fmt: skip
            # the plain run starts first: the overlay is built (or found in its cache) meanwhile
            pending = pool.submit(plain_run) if pool is not None and plain_run is not None else None
            runs: list[tuple[PyrightRun, bool]] = []  # (run, under the overlay)
            if overlay_needed:
                config = _overlay_config(project, einsum, scratch, options, cwd, err, generated)
                label = "(overlay) " if plain_run is not None else ""
                runs.append((_runner(options, overlay_paths, config, cwd, command, label, err)(), True))
            if pending is not None:
                runs.insert(0, (pending.result(), False))
            elif plain_run is not None:
                runs.insert(0, (plain_run(), False))
    finally:
        if pool is not None:
            pool.shutdown(wait=True)
        for path in generated:
            path.unlink(missing_ok=True)

    findings: list[Finding] = []
    accepted, files, version_seen = 0, 0, "?"
    for result, overlaid in runs:
        try:
            found, report = parse_report(result.stdout, cwd)
        except (ValueError, KeyError, TypeError):
            report, found = None, []
        if report is None or result.returncode not in (0, 1):
            detail = "\n".join(
                part.strip() for part in (result.stderr, result.stdout if report is None else "") if part.strip()
            )
            raise CheckError(f"pyright failed (exit status {result.returncode}):\n{detail or '(no output)'}")
        if overlaid:  # only the overlay's findings are in ndtyping's words; plain pyright's stay as they are
            kept = [f for f in found if not (f.severity == "error" and ndarray_annotation_only(f.rule, f.message))]
            accepted += len(found) - len(kept)
            found = in_user_words(kept, cwd)
        elif not use_stubs:  # an NDArray meets jax's own parameters only here (the overlay takes it in)
            found = [replace(f, message=hint_without_stubs(f.message, *stubs_fix)) for f in found]
        findings += found
        version_seen = str(report.get("version", version_seen))
        files += int(report.get("summary", {}).get("filesAnalyzed", 0))
    findings.sort(key=lambda f: (f.file, f.line, f.column))

    counts = {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "information")}
    if options.json:
        summary = {
            "errors": counts["error"], "warnings": counts["warning"], "information": counts["information"],
            "files": files, "pyright": version_seen, "stubs": use_stubs, "stubs_note": stubs_note or None,
            "accepted_ndarray_annotations": accepted,
        }  # fmt: skip
        json.dump({"findings": [asdict(f) for f in findings], "summary": summary}, out, indent=2)
        out.write("\n")
    else:
        for finding in findings:
            print(finding.format(), file=out)
        print(summary_line(counts, files, version_seen, stubs_note, accepted), file=out)
    if files == 0:
        where = ", ".join(str(p) for p in options.paths) if options.paths else "your config's include/exclude"
        raise CheckError(f"no Python files to check in {where}")
    return 1 if counts["error"] else 0


def _overlay_config(
    project: Project, einsum: Optional[Einsum], scratch: Path, options: Options, cwd: Path, err: TextIO,
    generated: list[Path],
) -> Path:  # fmt: skip
    """The overlay run's config (the user's, extended with the overlay as stubPath), written."""

    def warn(message: str) -> None:
        print(f"ndtyping check: warning: {message}", file=err)

    overlay = build_overlay(warn=warn)
    if einsum:  # the project's einsum spellings: a layer over the cached overlay, this run only
        overlay = einsum_layer(overlay, einsum, scratch / "overlay", warn=warn)
    stub_dir, shadowed = merged_stub_dir(overlay, user_stub_dir(project), scratch)
    if shadowed:
        print(f"ndtyping check: ndtyping's overlay replaces your stubs for {', '.join(shadowed)}", file=err)
    config = write_config(project, stub_dir, scratch, err)
    if config.parent == project.root:
        generated.append(config)
    if options.verbose:
        print(f"ndtyping check: generated {config}:\n{config.read_text()}", end="", file=err)
    return config


def _runner(
    options: Options, paths: Sequence[Path], config: Optional[Path], cwd: Path, command: list[str], label: str,
    err: TextIO,
) -> Callable[[], PyrightRun]:  # fmt: skip
    """One pyright run on `paths` with `config`, ready to start (here or in a thread)."""

    def run() -> PyrightRun:
        try:
            result = run_pyright(
                (p.resolve() for p in paths), project=config, python_version=options.python_version, cwd=cwd,
                command=command,
            )  # fmt: skip
        except PyrightFailed as error:
            raise CheckError(str(error)) from None
        if options.verbose:
            print(f"ndtyping check: running {label}" + " ".join(result.command), file=err)
        return result

    return run


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
