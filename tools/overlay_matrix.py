"""Build the overlay against other numpy and jax releases than the installed ones, and check it.

    python -m tools.overlay_matrix                      # the default release list
    python -m tools.overlay_matrix --numpy 2.3.0 2.5.5 --jax 0.5.0 0.12.0.1 --json out.json

Each release's wheel is downloaded (pip download, cached under ~/.cache/ndtyping/matrix) and
unpacked; the overlay is built from its stubs (`build_overlay(sources=...)`), and the warnings of
the build are recorded: a template that no longer fits a release shows here first. For numpy,
pyright then runs the numpy stub cases (tests/typing/stub_cases/) with that overlay, which must
report nothing, as in the test suite. For jax only the build is checked: its stubs refer to the
installed jaxlib, so a pyright run would mix releases.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from ndtyping._static.overlay import build_overlay
from ndtyping._static.pyright_runner import run_pyright

ROOT = Path(__file__).resolve().parent.parent

NUMPY = ["2.3.0", "2.3.5", "2.4.0", "2.4.6", "2.5.0", "2.5.5"]
JAX = ["0.5.0", "0.6.0", "0.7.0", "0.8.0", "0.9.0", "0.10.2", "0.11.0", "0.12.0.1"]
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ndtyping" / "matrix"


def fetch(package: str, version: str) -> Path:
    """The unpacked package directory of `package==version` (a wheel for Python 3.12, Linux)."""
    target = CACHE / f"{package}-{version}"
    if (target / package).is_dir():
        return target / package
    wheels = CACHE / "wheels"
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--python-version", "3.12", "--platform", "manylinux_2_28_x86_64", "--platform", "manylinux2014_x86_64",
        "--platform", "manylinux_2_17_x86_64", "--platform", "any", "-d", str(wheels), f"{package}=={version}",
    ]  # fmt: skip
    subprocess.run(command, check=True)
    (wheel,) = list(wheels.glob(f"{package}-{version}-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        members = [
            m for m in archive.namelist() if m.startswith(f"{package}/") and m.endswith((".pyi", ".py", "py.typed"))
        ]
        archive.extractall(target, members)
    return target / package


def check_numpy(overlay: Path) -> list[str]:
    settings = {
        "typeCheckingMode": "strict", "reportUnnecessaryTypeIgnoreComment": "error", "reportUnusedVariable": "none",
        "reportUnusedExpression": "none", "reportMissingModuleSource": "none", "stubPath": str(overlay),
    }  # fmt: skip
    with tempfile.TemporaryDirectory() as scratch:
        config = Path(scratch) / "pyrightconfig.json"
        config.write_text(json.dumps(settings))
        cases = sorted((ROOT / "tests" / "typing" / "stub_cases").glob("*.py"))
        version = f"{sys.version_info.major}.{sys.version_info.minor}"
        run = run_pyright(cases, project=config, python_version=version, cwd=ROOT, timeout=1800)
        return [
            f"{d['file']}:{d['range']['start']['line'] + 1}: {d['severity']}: {d['message']}"
            for d in run.diagnostics
            if d["severity"] != "information"
        ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--numpy", nargs="*", default=NUMPY, metavar="VERSION")
    parser.add_argument("--jax", nargs="*", default=JAX, metavar="VERSION")
    parser.add_argument("--no-pyright", action="store_true", help="only build the overlays")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="ndtyping-matrix-") as scratch:
        for package, versions in (("numpy", args.numpy), ("jax", args.jax)):
            for version in versions:
                source = fetch(package, version)
                warnings: list[str] = []
                started = time.perf_counter()
                overlay = build_overlay(
                    Path(scratch) / f"{package}-{version}", (package,), sources={package: source}, warn=warnings.append
                )
                row = {
                    "package": package,
                    "version": version,
                    "build_s": round(time.perf_counter() - started, 2),
                    "warnings": warnings,
                }
                if package == "numpy" and not args.no_pyright:
                    row["pyright_findings"] = check_numpy(overlay)
                rows.append(row)
                findings = row.get("pyright_findings")
                verdict = "" if findings is None else f", stub cases: {len(findings)} finding(s)"
                print(f"{package} {version}: built in {row['build_s']} s, {len(warnings)} warning(s){verdict}")
                for line in warnings + (findings or [])[:10]:
                    print(f"    {line}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0 if all(not r["warnings"] and not r.get("pyright_findings") for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
