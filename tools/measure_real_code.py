"""Measure `ndtyping check` on real numpy and jax code nobody here wrote: open-source packages
without NDArray annotations, fetched from PyPI at pinned versions (nothing of them is kept in
this repository).

    python -m tools.measure_real_code [--package optax] [--json FILE]

For each package: the errors `ndtyping check` reports beyond plain pyright's (matched by file,
line and rule: none should be new, since the code does not use ndtyping), and the CPU time of
both, as a ratio (the target on code without NDArray annotations is 1.3x). The packages' test
files are left out: they are the library code users import. Needs network access to PyPI the
first time; the sources are cached under `$NDTYPING_CACHE` (or ~/.cache/ndtyping)/real-code.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

from ndtyping._static.overlay import default_overlay_dir

from .measure_corpus import new_findings, ratio, run_ndtyping_check, run_plain_pyright

# name -> (version, what it exercises). Pinned: a new release would move the figures.
PACKAGES = {
    "filterpy": ("2.0.0", "numpy: Kalman filters, attributes assigned in __init__ and updated by nested np.dot"),
    "optax": ("0.2.8", "jax: optimisers and losses typed with jax.typing.ArrayLike and jax.Array"),
}


def cache_root() -> Path:
    """Beside the overlay's cache (`$NDTYPING_CACHE`, or ~/.cache/ndtyping)."""
    return default_overlay_dir().parent / "real-code"


def fetch(name: str, version: str) -> Path:
    """The package's source tree (its sdist from PyPI, extracted once), test files removed."""
    root = cache_root() / f"{name}-{version}"
    if not root.exists():
        download = cache_root() / "downloads"
        download.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-d", str(download),
             f"{name}=={version}"],
            check=True, capture_output=True,
        )  # fmt: skip
        (sdist,) = download.glob(f"{name}-{version}.tar.gz")
        with tarfile.open(sdist) as archive:
            # a pinned release from PyPI; the "data" filter (where tarfile has it) refuses links and
            # paths out of the directory, and is what Python 3.14 does by default
            filters = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            archive.extractall(cache_root(), **filters)
        for test in [*root.rglob("*_test.py"), *root.rglob("test_*.py")]:
            test.unlink()
        (root / "pyrightconfig.json").write_text("{}\n")
    return root


def measure_package(name: str) -> dict[str, Any]:
    version, what = PACKAGES[name]
    root = fetch(name, version)
    package = root / name
    lines = sum(len(p.read_text(errors="replace").splitlines()) for p in package.rglob("*.py"))
    plain, _, plain_cpu = run_plain_pyright([package], root)
    checked, _, check_cpu = run_ndtyping_check([package], root)
    new = new_findings(checked, plain)
    return {
        "package": f"{name} {version}",
        "what": what,
        "lines": lines,
        "plain_pyright_cpu_s": round(plain_cpu, 2),
        "ndtyping_check_cpu_s": round(check_cpu, 2),
        "ratio": ratio(check_cpu, plain_cpu),
        "plain_errors": len(plain),
        "new_errors": [str(f) for f in new],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", action="append", choices=sorted(PACKAGES), help="measure only these")
    parser.add_argument("--json", type=Path, help="also write the measurement as JSON")
    args = parser.parse_args(argv)
    results = []
    for name in args.package or sorted(PACKAGES):
        result = measure_package(name)
        results.append(result)
        print(
            f"{result['package']} ({result['lines']} lines): ndtyping check {result['ndtyping_check_cpu_s']} s CPU, "
            f"pyright {result['plain_pyright_cpu_s']} s, ratio {result['ratio']}x; "
            f"new errors {len(result['new_errors'])} (pyright's own: {result['plain_errors']})",
            flush=True,
        )
        for finding in result["new_errors"]:
            print(f"  {finding}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
