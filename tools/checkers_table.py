"""mypy, Pyrefly, ty, pyright and basedpyright on the corpora's correct files: docs/checkers.md's table.

Each checker runs (a real subprocess, the one installed beside this Python) on the correct twins
(`*_ok.py`) of the corpora (tests/typing/realistic, realworld, holdout*), twice:

- **with ndtyping**: this checkout's `src/` first on the checker's search path (mypy: PYTHONPATH,
  which mypy reads from the interpreter like an installed package; Pyrefly `search-path`; ty
  `--extra-search-path`; pyright and basedpyright `extraPaths`). mypy, Pyrefly and ty get no stubs
  (as `ndtyping editor --checker` leaves them); pyright and basedpyright read ndtyping's overlay
  (`stubPath`, as `ndtyping editor` and `ndtyping check` set it up) where the installed numpy
  supports it (>= 2.3);
- **without ndtyping** (the baseline, the issue's "without ndtyping installed"): copies of the same
  files whose `ndtyping` imports name a module that is not installed, so every ndtyping name is the
  checker's unknown `Any`; the unresolved import itself is not counted. pyright, basedpyright and
  Pyrefly then report `N` of `NDArray[float32, N]` as a variable used as a type, on every
  annotation: the large error counts of that column. (A stub package of `Any` names, the other
  baseline considered, gives the same errors: `N = DimensionVar("N")` is then an `Any` value too.)

Counted per run: annotation-form errors (the rules in FORM_RULES: the checker rejects
`NDArray[float32, N, M]` or `DimensionVar("N")` as a type), all errors, and CPU seconds of the
checker's processes (user + system: far steadier than wall time on a shared machine).

    python -m tools.checkers_table                 # the test's subset, printed
    python -m tools.checkers_table --write         # ... and docs/checkers.md's table rewritten
    python -m tools.checkers_table --all           # every correct file (slow; not for the doc)
    python -m tools.checkers_table --json out.json

tests/typing/test_checkers.py runs `measure` on the same subset, asserts no annotation-form error
from any checker, and that docs/checkers.md's counts are the ones measured (on the stack the table
names; on another stack, numpy's and jax's own stubs differ, so only the annotation-form counts are
compared).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Optional

from ndtyping._static.pyright_runner import children_cpu_seconds, forced_version_env, pyright_command

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
DOC = ROOT / "docs" / "checkers.md"
CORPORA = ("realistic", "realworld", "holdout", "holdout2", "holdout3", "holdout4", "holdout5")
CHECKERS = ("mypy", "pyrefly", "ty", "pyright", "basedpyright")
PYRIGHT_VERSION = "1.1.414"
# The subset the test and the doc measure: every n-th correct twin of each corpus, in name order
# (numpy and jax alike: `jax_*` sorts before `np_*`, and the stride walks both). pyright and
# basedpyright with the overlay cost about 0.8 s of CPU a file, so they get a sparser subset (the
# corpus tests run pyright on every file: tests/typing/test_*_corpus.py).
STRIDES = {"mypy": 6, "pyrefly": 6, "ty": 6, "pyright": 24, "basedpyright": 24}
TIMEOUT = 600.0  # seconds; a checker that spins is reported as such, not waited for

# The rules under which each checker reports a malformed annotation: a type form it cannot read.
FORM_RULES = {
    "mypy": frozenset({"valid-type", "type-var"}),
    "pyrefly": frozenset(
        {"not-a-type", "invalid-annotation", "invalid-type-var", "invalid-type-var-tuple", "bad-specialization"}
    ),
    "ty": frozenset(
        {
            "invalid-type-form",
            "invalid-type-arguments",
            "invalid-legacy-type-variable",
            "unbound-type-variable",
            "invalid-type-variable-bound",
            "invalid-type-variable-default",
        }
    ),  # fmt: skip
    "pyright": frozenset({"reportInvalidTypeForm", "reportInvalidTypeArguments", "reportInvalidTypeVarUse"}),
    "basedpyright": frozenset({"reportInvalidTypeForm", "reportInvalidTypeArguments", "reportInvalidTypeVarUse"}),
}

# The baseline's files import this in place of ndtyping: no such module is installed.
ABSENT = "ndtyping_not_installed"
_IMPORT = re.compile(r"^(\s*)(from|import) ndtyping\b", re.M)
# Annotation-form errors that are not ndtyping's: the file, the line, the checkers, and why.
KNOWN_FORM_ERRORS = {
    ("tests/typing/holdout/jax_gat_ok.py", 20): (
        CHECKERS,
        "`NDArray[jnp.bool_, ...]`: jax's stubs declare `jnp.bool_` as a variable (`bool_: Any` in jax "
        "0.10, an instance of `_ScalarType` in jax 0.12), which pyright (and, with jax 0.12, mypy, "
        "Pyrefly and ty) rejects as a type in any annotation, ndtyping's or not (`x: jnp.bool_` alone "
        "is the same error); `np.bool_` is the type",
    ),
}
# Pyrefly's rule that an attribute inferred from a parameter cannot hold a method's type variable
# (`self.w = w` with `w: list[T]` is the same error): about the attribute, not the annotation.
_PYREFLY_ATTRIBUTE_SCOPE = re.compile(r"^Attribute `\w+` cannot depend on type variable")


@dataclass(frozen=True)
class Error:
    file: str  # relative to the repository
    line: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message} [{self.rule}]"


@dataclass
class Run:
    checker: str
    errors: list[Error] = field(default_factory=list)
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    timed_out: bool = False
    failure: str = ""  # the checker printed no report

    @property
    def form_errors(self) -> list[Error]:
        return [
            e
            for e in self.errors
            if e.rule in FORM_RULES[self.checker] and not _PYREFLY_ATTRIBUTE_SCOPE.match(e.message)
        ]

    @property
    def ndtyping_form_errors(self) -> list[Error]:
        """The annotation-form errors other than KNOWN_FORM_ERRORS (whose cause is not ndtyping)."""
        return [e for e in self.form_errors if self.checker not in KNOWN_FORM_ERRORS.get((e.file, e.line), ((),))[0]]


def correct_files(stride: int) -> list[Path]:
    """Every `stride`-th correct twin of each corpus (stride 1: all of them)."""
    files: list[Path] = []
    for corpus in CORPORA:
        twins = sorted((ROOT / "tests" / "typing" / corpus).glob("*_ok.py"))
        files += twins[::stride]
    return files


def checker_command(checker: str) -> Optional[list[str]]:
    """How to start the checker installed beside this Python; None when it is not installed."""
    if checker in ("pyright", "basedpyright"):
        return pyright_command(checker)
    beside = Path(sys.executable).with_name(checker)
    return [str(beside)] if beside.is_file() else None


def version_of(checker: str) -> str:
    if checker == "pyright":
        return PYRIGHT_VERSION
    try:
        return metadata.version(checker)
    except metadata.PackageNotFoundError:
        return "absent"


def _relative(path: str, cwd: Path) -> str:
    """`path` relative to the repository; a checker prints some paths relative to `cwd`, where it ran."""
    try:
        return str((cwd / path).resolve().relative_to(ROOT))
    except ValueError:
        return path


_MYPY_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): error: (?P<message>.*?)  \[(?P<rule>[\w-]+)\]$")
_TY_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):\d+: error\[(?P<rule>[\w-]+)\] (?P<message>.*)$")


def _parse(checker: str, stdout: str, cwd: Path) -> Optional[list[Error]]:
    """The errors of a checker's report (run in `cwd`), None when the output is no report."""
    if checker in ("pyright", "basedpyright", "pyrefly"):
        try:
            report = json.loads(stdout)
        except ValueError:
            return None
        if checker == "pyrefly":
            return [
                Error(_relative(e["path"], cwd), e["line"], e["name"], e["concise_description"])
                for e in report["errors"]
                if e["severity"] == "error"
            ]
        return [
            Error(
                _relative(d["file"], cwd),
                d["range"]["start"]["line"] + 1,
                d.get("rule", ""),
                d["message"].split("\n")[0],
            )
            for d in report["generalDiagnostics"]
            if d["severity"] == "error"
        ]
    pattern = _MYPY_LINE if checker == "mypy" else _TY_LINE
    errors = []
    for line in stdout.splitlines():
        match = pattern.match(line)
        if match:
            errors.append(Error(_relative(match["file"], cwd), int(match["line"]), match["rule"], match["message"]))
    return errors


def run_checker(
    checker: str, files: Sequence[Path], search: Path, scratch: Path, timeout: float = TIMEOUT,
    stub_path: Optional[Path] = None,
) -> Run:  # fmt: skip
    """One run of `checker` on `files`, with `search` (holding the `ndtyping` package) first on its
    path and, for pyright and basedpyright, `stub_path` as their stubPath (ndtyping's overlay)."""
    base = checker_command(checker)
    if base is None:
        raise FileNotFoundError(f"{checker} is not installed beside {sys.executable}")
    python = sys.executable
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    paths = [str(f) for f in files]
    if checker == "mypy":
        env["PYTHONPATH"] = str(search)
        cache = tempfile.mkdtemp(dir=scratch)  # cold, as each of the compared runs
        args = [*base, "--python-executable", python, "--cache-dir", cache, "--no-error-summary",
                "--hide-error-context", "--no-pretty", "--show-error-codes", *paths]  # fmt: skip
    elif checker == "pyrefly":
        config = scratch / f"pyrefly-{len(list(scratch.iterdir()))}.toml"
        config.write_text(
            f"search-path = [{json.dumps(str(search))}]\npython-interpreter-path = {json.dumps(python)}\n"
        )
        args = [*base, "check", "-c", str(config), "--output-format", "json", "--summary=none", *paths]
    elif checker == "ty":
        args = [*base, "check", "--python", python, "--extra-search-path", str(search), "--output-format", "concise",
                "--no-progress", *paths]  # fmt: skip
    else:
        config = scratch / f"{checker}-{len(list(scratch.iterdir()))}" / "pyrightconfig.json"
        config.parent.mkdir()
        settings: dict[str, object] = {
            "typeCheckingMode": "standard", "reportMissingModuleSource": "none", "extraPaths": [str(search)],
        }  # fmt: skip
        if stub_path is not None:
            settings["stubPath"] = str(stub_path)
        config.write_text(json.dumps(settings))
        if checker == "pyright":
            env["PYRIGHT_PYTHON_FORCE_VERSION"] = forced_version_env(PYRIGHT_VERSION)["PYRIGHT_PYTHON_FORCE_VERSION"]
        args = [*base, "--outputjson", "--pythonpath", python, "--project", str(config), *paths]
    run = Run(checker)
    cpu, start = children_cpu_seconds(), time.perf_counter()
    try:
        result = subprocess.run(args, capture_output=True, text=True, cwd=scratch, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        run.timed_out = True
        run.wall_seconds, run.cpu_seconds = time.perf_counter() - start, children_cpu_seconds() - cpu
        return run
    run.wall_seconds, run.cpu_seconds = time.perf_counter() - start, children_cpu_seconds() - cpu
    errors = _parse(checker, result.stdout, scratch)
    if errors is not None:  # the baseline's unresolved import is not counted
        errors = [e for e in errors if ABSENT not in e.message]
    if errors is None or result.returncode not in (0, 1):
        run.failure = f"exit {result.returncode}: {(result.stderr or result.stdout)[-1500:]}"
    else:
        run.errors = errors
    return run


def without_ndtyping(files: Sequence[Path], scratch: Path) -> list[Path]:
    """Copies of `files` whose ndtyping imports name a module that is not installed (same lines)."""
    directory = scratch / "without-ndtyping"
    copies = []
    for path in files:
        copy = directory / path.parent.name / path.name
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(_IMPORT.sub(rf"\1\2 {ABSENT}", path.read_text(encoding="utf-8")), encoding="utf-8")
        copies.append(copy)
    return copies


def overlay() -> Optional[Path]:
    """ndtyping's overlay for the installed numpy and jax (built, or found in its cache), as
    `ndtyping editor` gives it to pyright; None where numpy is too old for it."""
    from ndtyping._static.overlay import build_overlay, supported

    return build_overlay(warn=lambda message: None) if supported("numpy") else None


@dataclass
class Measurement:
    checker: str
    version: str
    files: int
    with_ndtyping: Run
    with_any: Optional[Run]  # the baseline: ndtyping not installed
    stubs: bool = False  # pyright and basedpyright read the overlay

    @property
    def ratio(self) -> Optional[float]:
        if self.with_any is None or self.with_any.timed_out or not self.with_any.cpu_seconds:
            return None
        return self.with_ndtyping.cpu_seconds / self.with_any.cpu_seconds


def measure(
    checkers: Sequence[str] = CHECKERS, files: Optional[Sequence[Path]] = None, baseline: bool = True,
    timeout: float = TIMEOUT,
) -> list[Measurement]:  # fmt: skip
    """Each installed checker on `files` (default: the subset), with ndtyping and (if asked) with Any.
    The two runs of a checker go one after the other, the baseline first."""
    results = []
    with tempfile.TemporaryDirectory(prefix="ndtyping-checkers-") as name:
        scratch = Path(name)
        stubs = overlay() if {"pyright", "basedpyright"} & set(checkers) else None
        for checker in checkers:
            if checker_command(checker) is None:
                continue
            chosen = list(files) if files is not None else correct_files(STRIDES[checker])
            copies = without_ndtyping(chosen, scratch / checker) if baseline else []
            with_any = run_checker(checker, copies, SRC, scratch, timeout) if baseline else None
            stub_path = stubs if checker in ("pyright", "basedpyright") else None
            with_ndtyping = run_checker(checker, chosen, SRC, scratch, timeout, stub_path)
            results.append(
                Measurement(checker, version_of(checker), len(chosen), with_ndtyping, with_any, stub_path is not None)
            )
    return results


# ---------------------------------------------------------------------------------------------
# docs/checkers.md's table

START, END = "<!-- checkers-table: start (python -m tools.checkers_table --write) -->", "<!-- checkers-table: end -->"

# What measurement does not give: what each checker checks of an NDArray, and what it needs.
QUALITIES = {
    "mypy": (
        "between NDArray types (rank, dimensions); not through numpy's or jax's functions",
        "between NDArray types", "no",
        "operators and methods of an NDArray give Any; `Need type annotation` where a call's dimensions "
        "appear only in its return type (mypy's rule for unsolved type variables)",
    ),
    "pyrefly": (
        "no (gradual)", "no", "no",
        "an NDArray is `Any` to it; its own rule against type variables in inferred attributes",
    ),
    "ty": ("no (gradual)", "no", "no", "an NDArray is `Any` to it; the shape-typed surface makes it spin (below)"),
    "pyright": (
        "yes, with the stubs", "yes", "`ndtyping editor` (editor) or `ndtyping check`",
        "without the stubs, jax's functions reject an NDArray (ArrayLike); the stubs' cost (ratio)",
    ),
    "basedpyright": (
        "yes, with the stubs", "yes", "`ndtyping editor --checker basedpyright`",
        "as pyright; its stricter modes report its own rules on numpy's and jax's stubs",
    ),
}  # fmt: skip


def stack() -> str:
    """The stack a table was measured on: Python, numpy, jax."""
    parts = [f"Python {sys.version_info.major}.{sys.version_info.minor}"]
    for package in ("numpy", "jax"):
        try:
            parts.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{package} absent")
    return ", ".join(parts)


def _seconds(run: Optional[Run]) -> str:
    if run is None:
        return "-"
    if run.timed_out:
        return f"> {TIMEOUT:.0f} (timed out)"
    return f"{run.cpu_seconds:.1f}"


def render_table(results: Sequence[Measurement]) -> str:
    lines = [
        START,
        f"Measured on the correct twins (`*_ok.py`) of tests/typing/{{{','.join(CORPORA)}}}: every n-th file of "
        f"each corpus (n in the files column), {stack()}. CPU seconds of one cold run; pyright and basedpyright "
        f"with ndtyping's stubs "
        f"({'as `ndtyping editor` sets them up' if any(m.stubs for m in results) else 'not built: numpy < 2.3'}). "
        "Without ndtyping: the same files, ndtyping not installed.",
        "",
        "| checker | files (n) | annotation-form errors | errors with ndtyping | errors without ndtyping "
        "| CPU s with ndtyping | CPU s without | ratio | checks shapes | checks dtypes | needs wiring | known gaps |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    notes = []
    for m in results:
        shapes, dtypes, wiring, gaps = QUALITIES[m.checker]
        ratio = f"{m.ratio:.2f}x" if m.ratio is not None else "-"
        baseline = len(m.with_any.errors) if m.with_any is not None and not m.with_any.timed_out else "-"
        form = str(len(m.with_ndtyping.ndtyping_form_errors))
        others = [e for e in m.with_ndtyping.form_errors if e not in m.with_ndtyping.ndtyping_form_errors]
        if others:
            form += f" (+{len(others)} not ndtyping's[^{len(notes) + 1}])"
            notes += [
                f"[^{len(notes) + 1}]: {e.file}:{e.line}: {KNOWN_FORM_ERRORS[(e.file, e.line)][1]}" for e in others[:1]
            ]
        lines.append(
            f"| {m.checker} {m.version} | {m.files} ({STRIDES[m.checker]}) | {form} | {len(m.with_ndtyping.errors)} "
            f"| {baseline} | {_seconds(m.with_ndtyping)} | {_seconds(m.with_any)} | {ratio} | {shapes} | {dtypes} "
            f"| {wiring} | {gaps} |"
        )
    if notes:
        lines += ["", *notes]
    lines.append(END)
    return "\n".join(lines)


_ROW = re.compile(
    r"^\| (?P<checker>\w+) (?P<version>\S+) \| (?P<files>\d+) \(\d+\) \| (?P<form>\d+)[^|]* \| (?P<errors>\d+) \|", re.M
)
_STACK = re.compile(r"files column\), (Python [^,]+, numpy [^,]+, jax [^.]+\.\d+(?:\.\d+)?)\. CPU")


def read_table(text: str) -> tuple[str, dict[str, dict[str, str]]]:
    """The stack and the counts docs/checkers.md's table holds: {checker: {version, files, form, errors}}."""
    body = text[text.index(START) : text.index(END)]
    found = _STACK.search(body)
    rows = {m["checker"]: {k: m[k] for k in ("version", "files", "form", "errors")} for m in _ROW.finditer(body)}
    return (found.group(1) if found else ""), rows


def write_table(results: Sequence[Measurement], doc: Path = DOC) -> None:
    text = doc.read_text(encoding="utf-8")
    start, end = text.index(START), text.index(END) + len(END)
    doc.write_text(text[:start] + render_table(results) + text[end:], encoding="utf-8")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.checkers_table", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite docs/checkers.md's table")
    parser.add_argument("--all", action="store_true", help="every correct file, not the subset (not for --write)")
    parser.add_argument("--checker", action="append", choices=CHECKERS, help="only these (repeatable)")
    parser.add_argument("--json", type=Path, help="write the measurement as JSON")
    parser.add_argument("--errors", action="store_true", help="print every error found with ndtyping")
    args = parser.parse_args(argv)
    if args.write and (args.all or args.checker):
        parser.error("--write measures every checker on the subset")
    results = measure(args.checker or CHECKERS, correct_files(1) if args.all else None)
    print(render_table(results))
    for m in results:
        for run in (m.with_ndtyping, m.with_any):
            if run is not None and run.failure:
                print(f"{m.checker}: no report: {run.failure}", file=sys.stderr)
        if args.errors:
            for error in m.with_ndtyping.errors:
                print(f"{m.checker}: {error}")
    if args.json:
        args.json.write_text(json.dumps([asdict(m) for m in results], indent=2, default=str))
    if args.write:
        write_table(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
