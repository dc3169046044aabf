"""Benchmark: pyright's time on a large annotated module, with and without ndtyping's overlay.

    python benchmarks/pyright_overlay.py [--functions 2000] [--repeat 3] [--json out.json]

Generates a module of N shape-annotated functions that call numpy (reductions, transposes,
matmul, elementwise ufuncs), and the same module annotated with plain `npt.NDArray`. Times
pyright (best of --repeat runs, fresh process each) on: the NDArray module with the overlay,
the NDArray module without it, and the plain numpy module without it. Prints the ratios.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ndtyping._overlay import build_overlay

TEMPLATE_NDT = '''
def f{i}(x: NDArray[float32, N, M], w: NDArray[float32, M, K], v: NDArray[float32, M]) -> NDArray[float32, K]:
    h = np.matmul(x, w)
    s = np.sum(np.exp(h), axis=0)
    t = np.transpose(x)
    u = np.add(x, v)
    return s + np.mean(np.swapaxes(np.expand_dims(h, 0), 1, 2), axis=0).sum(axis=1) * float(t.size + u.size)
'''
TEMPLATE_NP = '''
def f{i}(x: npt.NDArray[np.float32], w: npt.NDArray[np.float32], v: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    h = np.matmul(x, w)
    s = np.sum(np.exp(h), axis=0)
    t = np.transpose(x)
    u = np.add(x, v)
    return s + np.mean(np.swapaxes(np.expand_dims(h, 0), 1, 2), axis=0).sum(axis=1) * float(t.size + u.size)
'''
HEAD_NDT = "import numpy as np\nfrom ndtyping import DimensionVar, NDArray, float32\nN = DimensionVar('N')\nM = DimensionVar('M')\nK = DimensionVar('K')\n"
HEAD_NP = "import numpy as np\nimport numpy.typing as npt\n"


def pyright_seconds(module: Path, stub_path: Path | None, repeat: int) -> tuple[float, int]:
    config = module.with_suffix(f".{'with' if stub_path else 'without'}.json")
    settings: dict[str, object] = {"typeCheckingMode": "standard"}
    if stub_path is not None:
        settings["stubPath"] = str(stub_path)
    config.write_text(json.dumps(settings))
    exe = Path(sys.executable).with_name("pyright")
    best, errors = float("inf"), -1
    for _ in range(repeat):
        start = time.perf_counter()
        result = subprocess.run(
            [str(exe), "--outputjson", "-p", str(config), "--pythonpath", sys.executable, str(module)],
            capture_output=True, text=True,
        )  # fmt: skip
        best = min(best, time.perf_counter() - start)
        errors = json.loads(result.stdout)["summary"]["errorCount"]
    return best, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        overlay = build_overlay(root / "overlay")
        ndt = root / "ndt_module.py"
        ndt.write_text(HEAD_NDT + "".join(TEMPLATE_NDT.format(i=i) for i in range(args.functions)))
        plain = root / "np_module.py"
        plain.write_text(HEAD_NP + "".join(TEMPLATE_NP.format(i=i) for i in range(args.functions)))
        with_overlay, errors_with = pyright_seconds(ndt, overlay, args.repeat)
        without, errors_without = pyright_seconds(ndt, None, args.repeat)
        numpy_only, errors_np = pyright_seconds(plain, None, args.repeat)
    results = {
        "functions": args.functions,
        "seconds_ndtyping_with_overlay": round(with_overlay, 3),
        "seconds_ndtyping_without_overlay": round(without, 3),
        "seconds_plain_numpy": round(numpy_only, 3),
        "ratio_overlay_vs_no_overlay": round(with_overlay / without, 3),
        "ratio_overlay_vs_plain_numpy": round(with_overlay / numpy_only, 3),
        "errors": {"with_overlay": errors_with, "without_overlay": errors_without, "plain_numpy": errors_np},
    }
    print(f"pyright on {args.functions} annotated functions (best of {args.repeat}):")
    print(f"  NDArray module, with the overlay:    {with_overlay:7.2f} s")
    print(f"  NDArray module, without the overlay: {without:7.2f} s")
    print(f"  npt.NDArray module, no overlay:      {numpy_only:7.2f} s")
    print(f"  ratio with/without overlay: {results['ratio_overlay_vs_no_overlay']:.2f}x (target <= 1.3x)")
    print(f"  ratio with overlay / plain numpy: {results['ratio_overlay_vs_plain_numpy']:.2f}x")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
