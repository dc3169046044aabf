"""Benchmark: what an editor waits for, with and without `ndtyping editor`'s wiring.

    python -m benchmarks.editor_latency [--project filterpy,optax] [--repeat 2] [--json FILE]

An editor (VS Code with Pylance, or any client of pyright's language server) opens a file and waits
for its diagnostics. This drives pyright's own language server (tools/language_server.py: real
JSON-RPC over stdio) the way an editor does: a fresh server with the project as its workspace
folder, `didOpen` of one file, and the time until the server's first `publishDiagnostics` for it
(wall seconds, what the user waits; CPU seconds of the server's process tree, which a shared
machine's load moves less).

Each project (the pinned real releases of benchmarks/real_code.py, which do not use ndtyping, and
the repository's examples/, which do) is copied twice into a scratch directory: one copy as it is
(plain pyright), one after `ndtyping editor` ran in it (its config's `stubPath` then points at the
overlay in `.ndtyping/stubs`). The two alternate within each repeat; the minimum of the repeats is
reported. The file opened is the project's heaviest (HEAVIEST: the one plain pyright takes longest
on, from `pyright --verbose`'s "Long operation" lines, else its largest module). The target (issue
31): the wired editor at most 1.5x plain pyright's server. Figures: docs/performance.md.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.real_code import PROJECTS, fetch
from ndtyping._static.editor import set_up_editor
from tools.language_server import LanguageServer

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "editor_latency.json"

# project -> the file opened, relative to the project's root
HEAVIEST = {
    "filterpy": "filterpy/kalman/kalman_filter.py",  # 50 s of its 77 s under the overlay (docs/dev, 14)
    "scikit-spatial": "src/skspatial/objects/plane.py",
    "diffrax": "diffrax/_integrate.py",
    "rlax": "rlax/_src/value_learning.py",
    "optax": "optax/contrib/_momo.py",  # 7.1 s in plain pyright's --verbose, the project's longest
    "examples": "examples/attention_jax.py",
}


def project_copy(name: str, scratch: Path) -> Path:
    """A copy of the project (its checked sources and config) under `scratch`."""
    root = scratch / name
    if name == "examples":
        shutil.copytree(ROOT / "examples", root / "examples")
        (root / "pyrightconfig.json").write_text('{"include": ["examples"]}\n')
        return root
    project = PROJECTS[name]
    source = fetch(project)
    for path in project.paths:
        shutil.copytree(source / path, root / path)
    shutil.copy(source / "pyrightconfig.json", root / "pyrightconfig.json")
    return root


def first_diagnostics(root: Path, file: str, timeout: float) -> dict[str, Any]:
    """A fresh language server on `root`; seconds from `didOpen` of `file` to its first diagnostics."""
    with LanguageServer(root, timeout=timeout) as server:
        cpu_before = server.cpu_seconds()
        sent = server.open(root / file)
        arrived, diagnostics = server.diagnostics(root / file)
        cpu = server.cpu_seconds() - cpu_before
    return {
        "wall_seconds": arrived - sent,
        "cpu_seconds": cpu,
        "errors": sum(1 for d in diagnostics if d.get("severity") == 1),
    }


def measure(name: str, repeat: int, timeout: float, scratch: Path) -> dict[str, Any]:
    plain = project_copy(name, scratch / "plain")
    wired = project_copy(name, scratch / "wired")
    set_up_editor(None, wired, out=io.StringIO(), err=io.StringIO())  # builds the overlay (not timed)
    file = HEAVIEST[name]
    runs: dict[str, list[dict[str, Any]]] = {"plain": [], "ndtyping editor": []}
    for _ in range(repeat):
        for label, root in (("plain", plain), ("ndtyping editor", wired)):
            run = first_diagnostics(root, file, timeout)
            runs[label].append(run)
            print(f"  {name} {file} {label}: {run['wall_seconds']:.2f} s wall, {run['cpu_seconds']:.2f} s CPU, "
                  f"{run['errors']} errors", flush=True)  # fmt: skip
    best = {
        label: {key: min(r[key] for r in rs) for key in ("wall_seconds", "cpu_seconds")} for label, rs in runs.items()
    }
    result = {
        "project": name,
        "file": file,
        "best": {label: {k: round(v, 2) for k, v in b.items()} for label, b in best.items()},
        "ratio_wall": round(best["ndtyping editor"]["wall_seconds"] / best["plain"]["wall_seconds"], 2),
        "ratio_cpu": round(best["ndtyping editor"]["cpu_seconds"] / best["plain"]["cpu_seconds"], 2),
        "errors": {label: rs[-1]["errors"] for label, rs in runs.items()},
        "runs": runs,
    }
    print(
        f"{name} ({file}): plain {best['plain']['wall_seconds']:.2f} s, with ndtyping editor "
        f"{best['ndtyping editor']['wall_seconds']:.2f} s: {result['ratio_wall']}x wall, {result['ratio_cpu']}x CPU "
        "(target <= 1.5x)",
        flush=True,
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", default=",".join(HEAVIEST), help="comma-separated: " + ", ".join(HEAVIEST))
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds to wait for one file's diagnostics")
    parser.add_argument("--json", type=Path, default=RESULTS, help=f"where to write the results (default {RESULTS})")
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="ndt-editor-latency-") as scratch:
        for name in args.project.split(","):
            results.append(measure(name, args.repeat, args.timeout, Path(scratch)))
    import numpy

    pyright = subprocess.run([sys.executable, "-m", "pyright", "--version"], capture_output=True, text=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({
        "statistic": "seconds from didOpen to the file's first publishDiagnostics, a fresh language server per "
                     "run, plain and wired interleaved, the minimum of the repeats",
        "repeat": args.repeat,
        "pyright": pyright.stdout.strip(),
        "numpy": numpy.__version__,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "results": results,
    }, indent=2) + "\n")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
