"""Benchmark: `ndtyping check` against plain pyright on real numpy and jax code nobody here wrote.

    python -m benchmarks.real_code [--project optax] [--repeat 2] [--single-run] [--json FILE]

Open-source packages that do not use ndtyping, fetched from PyPI as pinned sdists (nothing of
them is kept in this repository; the first run needs PyPI, later runs read the cache under
`$NDTYPING_CACHE`, or ~/.cache/ndtyping, /real-code). Their test files are left out: the library
code is what users import. For each project, interleaved within each repeat (the machine's
other jobs then hit every configuration alike), CPU seconds of the whole command (user + system,
pyright's node process included), the best of the repeats:

- plain pyright, the project's config (an empty pyrightconfig.json at the sdist's root);
- `ndtyping check` on the same paths with the same config;
- with `--single-run`, also `ndtyping check --no-split` (every file under the overlay, one
  pyright process: what `ndtyping check` did before it split the files, docs/check.md).

It prints the ratio per project and overall (the sums), the errors `ndtyping check` adds to plain
pyright's (matched by file, line and rule) and the ones it loses, and writes the figures as JSON
(default benchmarks/results/real_code.json). The target on code without NDArray annotations:
at most 1.2x overall and 1.5x on every project, no new error. Figures: docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from ndtyping._static.overlay import build_overlay, default_overlay_dir
from ndtyping._static.pyright_project import Project
from ndtyping._static.split import split_files
from tools.measure_corpus import PYRIGHT_VERSION, Finding, new_findings, ratio, run_ndtyping_check, run_plain_pyright

RESULTS = Path(__file__).resolve().parent / "results" / "real_code.json"


@dataclass(frozen=True)
class RealProject:
    """A pinned PyPI release and the directories of its sdist that are checked."""

    dist: str  # the name pip downloads
    version: str
    paths: tuple[str, ...]  # relative to the sdist's root
    what: str


# Pinned: a new release would move the figures. All of each package's library code is checked.
PROJECTS = {
    "filterpy": RealProject(
        "filterpy", "2.0.0", ("filterpy",),
        "untyped numpy: Kalman filters, attributes assigned in __init__ and updated by nested np.dot",
    ),
    "scikit-spatial": RealProject(
        "scikit-spatial", "10.0.0", ("src/skspatial",),
        "typed numpy (py.typed): points, lines, planes as ndarray subclasses, np.ndarray and "
        "npt.ArrayLike annotations",
    ),
    "diffrax": RealProject(
        "diffrax", "0.7.2", ("diffrax",),
        "jax with jaxtyping annotations (Float[Array, ...]), equinox modules; lineax and "
        "optimistix are not installed here (their imports are unresolved, as for plain pyright)",
    ),
    "rlax": RealProject(
        "rlax", "0.1.9", ("rlax",),
        "jax with chex (chex.Array annotations; chex is not installed here: unresolved, as for plain "
        "pyright), reinforcement-learning losses and value functions",
    ),
    "optax": RealProject(
        "optax", "0.2.8", ("optax",),
        "jax: optimisers and losses typed with jax.typing.ArrayLike and jax.Array",
    ),
}  # fmt: skip


def cache_root() -> Path:
    """Beside the overlay's cache (`$NDTYPING_CACHE`, or ~/.cache/ndtyping)."""
    return default_overlay_dir().parent / "real-code"


def fetch(project: RealProject) -> Path:
    """The release's source tree (its sdist from PyPI, extracted once), test files removed, with an
    empty pyrightconfig.json at its root (pyright's defaults: what a user without a config gets)."""
    root = cache_root() / f"{project.dist}-{project.version}"
    if root.exists():
        return root
    download = cache_root() / "downloads" / f"{project.dist}-{project.version}"
    download.mkdir(parents=True, exist_ok=True)
    if not list(download.glob("*.tar.gz")):
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-d", str(download),
             f"{project.dist}=={project.version}"],
            check=True, capture_output=True,
        )  # fmt: skip
    (sdist,) = download.glob("*.tar.gz")  # the sdist's name may spell the project differently
    with tempfile.TemporaryDirectory(dir=cache_root()) as scratch, tarfile.open(sdist) as archive:
        # a pinned release from PyPI; the "data" filter (where tarfile has it) refuses links and
        # paths out of the directory, and is what Python 3.14 does by default
        filters = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        archive.extractall(scratch, **filters)
        (top,) = Path(scratch).iterdir()
        for test in [*top.rglob("*_test.py"), *top.rglob("test_*.py")]:
            test.unlink()
        (top / "pyrightconfig.json").write_text("{}\n")
        shutil.move(str(top), root)
    return root


def count_lines(paths: Sequence[Path]) -> tuple[int, int]:
    """(files, lines) of the Python sources under `paths`."""
    files = [f for p in paths for f in sorted(p.rglob("*.py*")) if f.suffix in (".py", ".pyi")]
    return len(files), sum(len(f.read_text(errors="replace").splitlines()) for f in files)


Run = tuple[list[Finding], float, float]  # errors, wall seconds, CPU seconds


def measure_project(name: str, repeat: int, single_run: bool) -> dict[str, Any]:
    project = PROJECTS[name]
    root = fetch(project)
    paths = [root / p for p in project.paths]
    files, lines = count_lines(paths)
    split = split_files(Project(root, root / "pyrightconfig.json"), paths)
    runs: dict[str, Callable[[], Run]] = {
        "plain": lambda: run_plain_pyright(paths, root),
        "check": lambda: run_ndtyping_check(paths, root),
    }
    if single_run:
        runs["single"] = lambda: run_ndtyping_check(paths, root, extra_args=["--no-split"])
    results: dict[str, list[Run]] = {label: [] for label in runs}
    for _ in range(repeat):
        for label, run in runs.items():
            results[label].append(run())
    best = {label: min(cpu for _, _, cpu in done) for label, done in results.items()}
    plain_errors = results["plain"][0][0]

    def compared(label: str) -> dict[str, Any]:
        errors = results[label][0][0]
        return {
            "cpu_s": round(best[label], 2),
            "ratio": ratio(best[label], best["plain"]),
            "new_errors": [str(f) for f in new_findings(errors, plain_errors)],
            "disappeared_errors": [str(f) for f in new_findings(plain_errors, errors)],
        }

    result = {
        "project": f"{project.dist} {project.version}",
        "paths": list(project.paths),
        "what": project.what,
        "files": files,
        "lines": lines,
        "overlay_files": len(split.overlay),
        "plain_cpu_s": round(best["plain"], 2),
        "plain_errors": len(plain_errors),
        "check": compared("check"),
        "cpu_s_of_every_run": {label: [round(cpu, 2) for _, _, cpu in done] for label, done in results.items()},
    }
    if single_run:
        result["single_run"] = compared("single")
    return result


def report_line(result: dict[str, Any], label: str) -> str:
    figures = result[label]
    return (
        f"  {'ndtyping check' if label == 'check' else 'ndtyping check --no-split'}: {figures['cpu_s']} s, "
        f"{figures['ratio']}x; new errors {len(figures['new_errors'])}, disappeared {len(figures['disappeared_errors'])}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", action="append", choices=sorted(PROJECTS), help="measure only these")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each configuration (the best is kept)")
    parser.add_argument("--single-run", action="store_true", help="also time `ndtyping check --no-split`")
    parser.add_argument("--json", type=Path, default=RESULTS, help=f"where to write the figures (default {RESULTS})")
    args = parser.parse_args(argv)
    build_overlay()  # built (or found in the cache) before anything is timed
    labels = ["check", "single_run"] if args.single_run else ["check"]
    results = []
    for name in args.project or list(PROJECTS):
        result = measure_project(name, max(1, args.repeat), args.single_run)
        results.append(result)
        print(
            f"{result['project']} ({result['files']} files, {result['lines']} lines, {result['overlay_files']} "
            f"for the overlay): plain pyright {result['plain_cpu_s']} s CPU ({result['plain_errors']} errors)",
            flush=True,
        )
        for label in labels:
            print(report_line(result, label), flush=True)
            for finding in result[label]["new_errors"]:
                print(f"    new: {finding}")
            for finding in result[label]["disappeared_errors"]:
                print(f"    disappeared: {finding}")
    plain_total = sum(r["plain_cpu_s"] for r in results)
    overall: dict[str, Any] = {"plain_cpu_s": round(plain_total, 2)}
    for label in labels:
        total = sum(r[label]["cpu_s"] for r in results)
        overall[label] = {"cpu_s": round(total, 2), "ratio": ratio(total, plain_total)}
        print(f"overall, {label}: {overall[label]['cpu_s']} s against {overall['plain_cpu_s']} s, "
              f"{overall[label]['ratio']}x (worst project {max(r[label]['ratio'] or 0 for r in results)}x)")  # fmt: skip
    document = {
        "environment": {
            "python": platform.python_version(),
            "numpy": version("numpy"),
            "jax": version("jax"),
            "pyright": PYRIGHT_VERSION,
            "repeat": max(1, args.repeat),
            "cpu": "CPU seconds (user + system) of each command and its children, best of the repeats",
        },
        "overall": overall,
        "projects": results,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(document, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
