"""Measure `ndtyping check` on the realistic corpus (tests/typing/realistic/).

The corpus holds twin files written as users write numpy and jax code, independently of ndtyping's
stubs: `<name>_ok.py` (correct) and `<name>_bug.py` (the same file with one shape or dtype bug, its
line marked `# BUG: ...`), `np_*` for numpy and `jax_*` for jax; and ordinary programs without
NDArray annotations in `plain/`. This script runs, each once:

- `ndtyping check --json` on the twins: a bug is caught when an error is reported on its line
  (more errors there than on the same line of the correct twin);
  any error in a correct file is a false positive;
- plain pyright and `ndtyping check --json` on `plain/`: ndtyping must add no error there;
- plain pyright on the twins, for the time ratio (skipped with `--no-timing`).

Times are wall seconds, and CPU seconds of the run and its children (pyright's node process
included): on a shared machine wall time is noisy, CPU time much less so.

    python -m tools.measure_corpus              # the report
    python -m tools.measure_corpus --json out.json
    python -m tools.measure_corpus --corpus tests/typing/holdout   # another corpus of twins
    python -m tools.measure_corpus --repeat 3   # each timed run 3 times, alternating: the medians

Any directory laid out the same way can be measured with `--corpus DIR` (its own pyrightconfig.json
is the user's configuration; a `plain/` subdirectory is optional). tests/typing/test_realistic_corpus.py
and tests/typing/test_holdout_corpus.py run `measure()` and hold the thresholds.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from statistics import median
from typing import Any

from ndtyping._static.pyright_runner import children_cpu_seconds, forced_version_env, run_pyright

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "typing" / "realistic"  # the default corpus
PLAIN = CORPUS / "plain"
HOLDOUT = ROOT / "tests" / "typing" / "holdout"  # held out from stub work: measures generalisation
BUG_MARK = re.compile(r"#\s*BUG\b:?\s*(.*)$")
PYRIGHT_VERSION = "1.1.414"


@dataclass(frozen=True)
class Finding:
    file: str  # relative to the corpus directory
    line: int
    rule: str
    message: str

    def __str__(self) -> str:
        first = self.message.split("\n", 1)[0]
        return f"{self.file}:{self.line}: {first} ({self.rule})"


@dataclass
class Pair:
    name: str
    backend: str  # "numpy" or "jax"
    bug_line: int
    bug_note: str
    caught: bool = False
    errors_in_bug_file: list[Finding] = field(default_factory=list)


def backend_of(name: str) -> str:
    return "jax" if name.startswith("jax_") else "numpy"


def bug_line(path: Path) -> tuple[int, str]:
    """The one line marked `# BUG` in a bug twin, and its note."""
    marks = [
        (n, m.group(1).strip())
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if (m := BUG_MARK.search(line))
    ]
    if len(marks) != 1:
        raise ValueError(f"{path.name}: expected exactly one '# BUG' line, found {len(marks)}")
    return marks[0]


def twin_difference(ok: Path, bug: Path) -> list[int]:
    """Line numbers where the twins differ (a well-formed pair differs on its BUG line only)."""
    a, b = ok.read_text().splitlines(), bug.read_text().splitlines()
    if len(a) != len(b):
        return [-1]
    return [n for n, (x, y) in enumerate(zip(a, b), 1) if x != y]


def discover(corpus: Path = CORPUS) -> list[Pair]:
    pairs = []
    for ok in sorted(corpus.glob("*_ok.py")):
        name = ok.name[: -len("_ok.py")]
        bug = corpus / f"{name}_bug.py"
        if not bug.exists():
            raise ValueError(f"{ok.name} has no bug twin {bug.name}")
        line, note = bug_line(bug)
        pairs.append(Pair(name, backend_of(name), line, note))
    orphans = {p.name[: -len("_bug.py")] for p in corpus.glob("*_bug.py")} - {p.name for p in pairs}
    if orphans:
        raise ValueError(f"bug twins without a correct twin: {sorted(orphans)}")
    return pairs


def _env() -> dict[str, str]:
    return forced_version_env(PYRIGHT_VERSION)


def _timed(
    run: Callable[[], subprocess.CompletedProcess[str]],
) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """`run()`'s result, its wall seconds and its children's CPU seconds."""
    cpu, start = children_cpu_seconds(), time.perf_counter()
    result = run()
    return result, time.perf_counter() - start, children_cpu_seconds() - cpu


def _relative(file: str, corpus: Path) -> str:
    path = Path(file)
    if not path.is_absolute():
        path = ROOT / path
    try:
        return str(path.resolve().relative_to(corpus.resolve()))
    except ValueError:
        return file


def run_ndtyping_check(
    paths: list[Path], corpus: Path = CORPUS, extra_args: Sequence[str] = ()
) -> tuple[list[Finding], float, float]:
    """Errors `ndtyping check --json` reports on `paths` (with `corpus`'s config; `extra_args` added
    to its command line), its wall time and its CPU time (seconds, pyright included)."""
    command = [
        sys.executable,
        "-m",
        "ndtyping._static.cli",
        "check",
        "--json",
        *extra_args,
        "--project",
        str(corpus),
        *map(str, paths),
    ]
    result, elapsed, cpu = _timed(
        lambda: subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=_env(), timeout=1800)
    )
    if result.returncode not in (0, 1):
        raise RuntimeError(f"ndtyping check failed (exit {result.returncode}):\n{result.stderr}")
    report = json.loads(result.stdout)
    if report["summary"].get("stubs") is False:
        raise RuntimeError(f"ndtyping check ran without its stubs: {report['summary'].get('stubs_note')}")
    findings = [
        Finding(_relative(f["file"], corpus), f["line"], f["rule"], f["message"])
        for f in report["findings"]
        if f["severity"] == "error"
    ]
    return findings, elapsed, cpu


def run_plain_pyright(paths: list[Path], corpus: Path = CORPUS) -> tuple[list[Finding], float, float]:
    """Errors plain pyright (no ndtyping stubs, same config and interpreter) reports, its wall time
    and its CPU time."""
    run = run_pyright(paths, project=corpus, cwd=ROOT, env=_env(), timeout=1800)
    findings = [
        Finding(_relative(d["file"], corpus), d["range"]["start"]["line"] + 1, d.get("rule", ""), d["message"])
        for d in run.errors()
    ]
    return findings, run.wall_seconds, run.cpu_seconds


def new_findings(with_stubs: list[Finding], plain: list[Finding]) -> list[Finding]:
    """Errors ndtyping check reports beyond plain pyright's (matched by file, line and rule)."""
    budget = Counter((f.file, f.line, f.rule) for f in plain)
    extra = []
    for f in with_stubs:
        key = (f.file, f.line, f.rule)
        if budget[key]:
            budget[key] -= 1
        else:
            extra.append(f)
    return extra


def ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 3) if a is not None and b else None


def _median_runs(
    runs: list[tuple[list[Finding], float, float]],
) -> tuple[list[Finding], float, float]:
    """The first run's findings, and the median wall and CPU seconds of all the runs."""
    return runs[0][0], median(r[1] for r in runs), median(r[2] for r in runs)


def measure(timing: bool = True, corpus: Path = CORPUS, repeat: int = 1) -> dict[str, Any]:
    """The measurement of one corpus directory; its `plain/` programs are required for the default
    corpus and optional for others (then `result["plain"]` is None).

    `repeat`: how many times each timed run is made, `ndtyping check` and plain pyright
    alternating; the times are the medians (a shared machine's load drifts during a run)."""
    pairs = discover(corpus)
    twins = [corpus / f"{p.name}_{kind}.py" for p in pairs for kind in ("ok", "bug")]
    plain_dir = corpus / "plain"
    plain_files = sorted(plain_dir.glob("*.py"))
    if not plain_files and corpus.resolve() == CORPUS.resolve():
        raise ValueError(f"no plain programs in {plain_dir}")

    runs: dict[str, list[tuple[list[Finding], float, float]]] = {}
    for _ in range(max(1, repeat)):
        runs.setdefault("twins", []).append(run_ndtyping_check(twins, corpus))
        if timing:
            runs.setdefault("twins_pyright", []).append(run_plain_pyright(twins, corpus))
        if plain_files:
            runs.setdefault("plain_pyright", []).append(run_plain_pyright(plain_files, corpus))
            runs.setdefault("plain", []).append(run_ndtyping_check(plain_files, corpus))

    twin_findings, twin_time, twin_cpu = _median_runs(runs["twins"])
    plain: dict[str, Any] | None = None
    plain_time: dict[str, Any] | None = None
    if plain_files:
        plain_pyright_findings, plain_pyright_time, plain_pyright_cpu = _median_runs(runs["plain_pyright"])
        plain_ndt_findings, plain_ndt_time, plain_ndt_cpu = _median_runs(runs["plain"])
        plain = {
            "programs": len(plain_files),
            "new_errors": [asdict(f) for f in new_findings(plain_ndt_findings, plain_pyright_findings)],
            "pyright_errors": [str(f) for f in plain_pyright_findings],
        }
        plain_time = {
            "ndtyping_check_s": round(plain_ndt_time, 2),
            "pyright_s": round(plain_pyright_time, 2),
            "ratio": ratio(plain_ndt_time, plain_pyright_time),
            "ndtyping_check_cpu_s": round(plain_ndt_cpu, 2),
            "pyright_cpu_s": round(plain_pyright_cpu, 2),
            "cpu_ratio": ratio(plain_ndt_cpu, plain_pyright_cpu),
        }
    twin_pyright_time = twin_pyright_cpu = None
    if timing:
        _, twin_pyright_time, twin_pyright_cpu = _median_runs(runs["twins_pyright"])

    by_file: dict[str, list[Finding]] = {}
    for f in twin_findings:
        by_file.setdefault(f.file, []).append(f)
    false_positives: list[Finding] = []
    for p in pairs:
        false_positives += by_file.get(f"{p.name}_ok.py", [])
        p.errors_in_bug_file = by_file.get(f"{p.name}_bug.py", [])
        # An error the correct twin has on the same line is a false positive, not a catch.
        on_line_ok = sum(f.line == p.bug_line for f in by_file.get(f"{p.name}_ok.py", []))
        p.caught = sum(f.line == p.bug_line for f in p.errors_in_bug_file) > on_line_ok

    def rate(backend: str | None) -> dict[str, Any]:
        chosen = [p for p in pairs if backend in (None, p.backend)]
        caught = sum(p.caught for p in chosen)
        return {"caught": caught, "total": len(chosen), "rate": caught / len(chosen) if chosen else 0.0}

    times: dict[str, Any] = {
        "twins": {
            "ndtyping_check_s": round(twin_time, 2),
            "pyright_s": twin_pyright_time and round(twin_pyright_time, 2),
            "ratio": ratio(twin_time, twin_pyright_time),
            "ndtyping_check_cpu_s": round(twin_cpu, 2),
            "pyright_cpu_s": twin_pyright_cpu and round(twin_pyright_cpu, 2),
            "cpu_ratio": ratio(twin_cpu, twin_pyright_cpu),
        }
    }
    if plain_time is not None:
        times["plain"] = plain_time
    return {
        "corpus": str(corpus),
        "pairs": len(pairs),
        "repeat": max(1, repeat),
        "catch": {"numpy": rate("numpy"), "jax": rate("jax"), "all": rate(None)},
        "missed": [
            {
                "file": f"{p.name}_bug.py",
                "line": p.bug_line,
                "bug": p.bug_note,
                "other_errors": [str(f) for f in p.errors_in_bug_file],
            }
            for p in pairs
            if not p.caught
        ],  # fmt: skip
        "false_positives": [asdict(f) for f in false_positives],
        "files_with_false_positives": sorted({f.file for f in false_positives}),
        "noise_in_bug_files": [str(f) for p in pairs for f in p.errors_in_bug_file if f.line != p.bug_line],
        "plain": plain,
        "time": times,
    }


def report_text(result: dict[str, Any]) -> str:
    c = result["catch"]
    plain = result["plain"]
    name = Path(result.get("corpus", CORPUS)).name
    out = [
        f"{name} corpus: {result['pairs']} twin pairs (numpy {c['numpy']['total']}, jax {c['jax']['total']}), "
        + (f"{plain['programs']} plain programs" if plain else "no plain programs"),
        "bugs caught on their line: "
        + ", ".join(f"{k} {v['caught']}/{v['total']}" for k, v in c.items() if k != "all")
        + f", all {c['all']['caught']}/{c['all']['total']} ({100 * c['all']['rate']:.1f}%)",
    ]
    if result["missed"]:
        out.append("missed bugs:")
        for m in result["missed"]:
            out.append(f"  {m['file']}:{m['line']}: {m['bug']}")
            out += [f"      (elsewhere: {e})" for e in m["other_errors"]]
    fps = result["false_positives"]
    out.append(f"errors on correct files: {len(fps)} in {len(result['files_with_false_positives'])} files")
    out += [f"  {f['file']}:{f['line']}: {f['message'].splitlines()[0]} ({f['rule']})" for f in fps]
    if plain:
        new = plain["new_errors"]
        out.append(f"new errors on plain programs (ndtyping check vs pyright): {len(new)}")
        out += [f"  {f['file']}:{f['line']}: {f['message'].splitlines()[0]} ({f['rule']})" for f in new]
    if result.get("repeat", 1) > 1:
        out.append(f"times: medians of {result['repeat']} runs each, ndtyping check and pyright alternating")
    for label, t in result["time"].items():
        if t["pyright_s"] is None:
            out.append(f"time on {label}: ndtyping check {t['ndtyping_check_s']} s (pyright not timed)")
        else:
            out.append(
                f"time on {label}: ndtyping check {t['ndtyping_check_s']} s, pyright {t['pyright_s']} s, ratio {t['ratio']}x"
            )
            out.append(
                f"cpu time on {label}: ndtyping check {t['ndtyping_check_cpu_s']} s, pyright {t['pyright_cpu_s']} s, "
                f"ratio {t['cpu_ratio']}x"
            )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the measurement as JSON")
    parser.add_argument("--no-timing", action="store_true", help="skip timing plain pyright on the twins")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="run each timed command N times, ndtyping check and pyright alternating; report the medians",
    )
    parser.add_argument(
        "--corpus",
        type=Path,
        default=CORPUS,
        metavar="DIR",
        help=f"the directory of twins to measure (default: {CORPUS.relative_to(ROOT)}; e.g. {HOLDOUT.relative_to(ROOT)})",
    )
    args = parser.parse_args(argv)
    corpus = args.corpus.resolve()
    if not corpus.is_dir():
        parser.error(f"--corpus {args.corpus}: not a directory")
    result = measure(timing=not args.no_timing, corpus=corpus, repeat=args.repeat)
    print(report_text(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
