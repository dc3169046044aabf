"""Benchmark: pyright's time on a large generated module, with and without ndtyping's overlay.

    python -m benchmarks.pyright_overlay [--functions 2000] [--repeat 3] [--json benchmarks/results/pyright.json]

One generated body of N functions calls numpy the way array code does: reductions with literal
axes (0, -1, keepdims), transposes, swapaxes/moveaxis/expand_dims/squeeze, matmul/dot/vecdot,
ufuncs, where/clip, stack/concatenate, literal-shape creation, both nested
(`np.mean(np.swapaxes(np.expand_dims(h, 0), 1, 2), axis=0)`) and one call per statement. It is
annotated twice: with ndtyping's `NDArray[float32, N, M]` and with numpy's
`npt.NDArray[np.float32]`. pyright (a fresh process per run) checks:

- A. the NDArray module with the overlay on stubPath: what `ndtyping check` runs;
- B. the NDArray module without the overlay;
- C. the npt.NDArray module without the overlay: plain pyright on plain numpy annotations.
- D. `ndtyping check` itself on the NDArray module (overlay cached).
- E. `ndtyping check` on the npt.NDArray module: what the overlay costs code that does not use
  NDArray (target E/C <= 1.3x).

The overlay's cost is A/B (target <= 1.3x), the command's against plain pyright D/C (target <= 1.3x). The three runs
alternate within each repeat and the minimum of the repeats is reported, in CPU seconds of the
pyright process (user + system): on a shared machine wall-clock time moves with the load, CPU
time much less, and the minimum is the least disturbed run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

from ndtyping._static.overlay import build_overlay
from ndtyping._static.pyright_runner import children_cpu_seconds, run_pyright

# Each template is one function; {a} is the annotation of an (N, M) array, {v} of an M vector,
# {w} of an (M, K) matrix, {r} of the return. Every body type-checks clean in both modules.
TEMPLATES = [
    # flat: one call per statement
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    h = np.matmul(x, w)
    s = np.sum(h, axis=0)
    t = np.transpose(x)
    u = np.add(x, v)
    e = np.exp(u)
    return s + float(t.size + e.size)
""",
    # nested: three overloaded calls deep
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    h = np.matmul(x, w)
    return np.mean(np.swapaxes(np.expand_dims(h, 0), 1, 2), axis=0).sum(axis=1) + np.sum(np.exp(h), axis=0)
""",
    # reductions along the last axis, keepdims, other reductions; broadcasting a row vector
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    m = np.max(x, axis=-1, keepdims=True)
    c = np.subtract(x, np.mean(x, axis=0))
    p = np.exp(c) / np.sum(np.exp(c), axis=0)
    best = np.argmax(p, axis=-1)
    spread = np.std(x, axis=0)
    return np.sum(np.matmul(p, w), axis=0) + float(best.size + spread.size + m.size)
""",
    # elementwise chains, nested
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    y = np.maximum(np.multiply(np.add(x, v), 2.0), 0.0)
    z = np.where(y > 0, np.log1p(y), np.sqrt(np.abs(y)))
    return np.mean(np.matmul(np.clip(z, 0.0, 1.0), w), axis=0)
""",
    # layout: moveaxis, squeeze, expand_dims, reshape of a literal shape
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    e = np.expand_dims(x, -1)
    m = np.moveaxis(e, -1, 0)
    s = np.squeeze(m, axis=0)
    q = np.swapaxes(s, -1, -2)
    flat = np.reshape(q, (2, 3))
    return np.sum(np.matmul(np.transpose(q), w), axis=0) + float(flat.size)
""",
    # products and joins
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    d = np.dot(x, w)
    g = np.vecdot(x, x)
    st = np.stack([v, v])
    cat = np.concatenate([x, x])
    return np.sum(d, axis=0) * float(g.size + st.size + cat.size)
""",
    # creation with a literal shape and a dtype, then arithmetic on it
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    z = np.zeros((4, 3), dtype=np.float32)
    o = np.ones((3,), dtype=np.float32)
    i3 = np.eye(3, dtype=np.float32)
    k = np.matmul(np.add(z, o), i3)
    return np.sum(np.matmul(x, w), axis=0) + float(k.size)
""",
    # nested reductions of nested products
    """
def f{i}(x: {a}, w: {w}, v: {v}) -> {r}:
    return np.sum(np.matmul(np.multiply(x, v), w), axis=0) + np.mean(np.matmul(np.exp(x), w), axis=0)
""",
]

NDTYPING = {
    "head": "import numpy as np\nfrom ndtyping import DimensionVar, NDArray, float32\n\nN = DimensionVar('N')\nM = DimensionVar('M')\nK = DimensionVar('K')\n",
    "a": "NDArray[float32, N, M]", "w": "NDArray[float32, M, K]", "v": "NDArray[float32, M]", "r": "NDArray[float32, K]",
}  # fmt: skip
PLAIN = {
    "head": "import numpy as np\nimport numpy.typing as npt\n",
    "a": "npt.NDArray[np.float32]", "w": "npt.NDArray[np.float32]", "v": "npt.NDArray[np.float32]", "r": "npt.NDArray[np.float32]",
}  # fmt: skip


def generate(style: dict[str, str], functions: int) -> str:
    body = [style["head"]]
    for i in range(functions):
        template = TEMPLATES[i % len(TEMPLATES)]
        body.append(template.format(i=i, a=style["a"], w=style["w"], v=style["v"], r=style["r"]))
    return "".join(body)


def pyright_run(module: Path, stub_path: Path | None) -> tuple[float, int]:
    """(CPU seconds, errors) of one pyright process on `module`; the overlay, if any, as stubPath."""
    config = module.with_suffix(".with.json" if stub_path else ".without.json")
    settings: dict[str, object] = {"typeCheckingMode": "standard"}
    if stub_path is not None:
        settings["stubPath"] = str(stub_path)
    config.write_text(json.dumps(settings))
    run = run_pyright([module], project=config, cwd=module.parent)
    return run.cpu_seconds, run.summary["errorCount"]


def check_command_run(module: Path) -> tuple[float, int]:
    """(CPU seconds, errors) of `ndtyping check --json module`: the real command, overlay cached."""
    exe = Path(sys.executable).with_name("ndtyping")
    cpu = children_cpu_seconds()
    result = subprocess.run([str(exe), "check", "--json", module.name], capture_output=True, text=True, cwd=module.parent)
    elapsed = children_cpu_seconds() - cpu
    try:
        errors = json.loads(result.stdout)["summary"]["errors"]
    except (json.JSONDecodeError, KeyError):
        raise RuntimeError(
            f"ndtyping check failed (exit {result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        ) from None
    return elapsed, errors


def interleaved(
    runs: dict[str, Callable[[], tuple[float, int]]], repeat: int
) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Each run `repeat` times, the runs alternating within each repeat (so that a busy spell of a
    shared machine hits every configuration): the seconds of every run, and each run's errors."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    errors: dict[str, int] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds, errors[name] = run()
            times[name].append(seconds)
    return times, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="write the results as JSON to this file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        overlay = build_overlay(root / "overlay")
        ndt = root / "ndt_module.py"
        ndt.write_text(generate(NDTYPING, args.functions))
        plain = root / "np_module.py"
        plain.write_text(generate(PLAIN, args.functions))
        runs = {
            "A": lambda: pyright_run(ndt, overlay),
            "B": lambda: pyright_run(ndt, None),
            "C": lambda: pyright_run(plain, None),
            "D": lambda: check_command_run(ndt),
            "E": lambda: check_command_run(plain),
        }
        check_command_run(ndt)  # builds and caches the overlay `ndtyping check` uses
        times, errors = interleaved(runs, args.repeat)
    best = {name: min(values) for name, values in times.items()}
    ratio_4 = best["A"] / best["B"]
    ratio_8 = best["D"] / best["C"]
    ratio_15 = best["E"] / best["C"]
    pyright_version = subprocess.run(
        [str(Path(sys.executable).with_name("pyright")), "--version"], capture_output=True, text=True
    ).stdout.strip()
    import numpy

    results = {
        "functions": args.functions,
        "repeat": args.repeat,
        "statistic": "CPU seconds (user + system) of the pyright process, minimum of the repeats, runs interleaved A, B, C",
        "pyright": pyright_version,
        "numpy": numpy.__version__,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "seconds": {
            "A_ndarray_annotations_with_overlay": round(best["A"], 2),
            "B_ndarray_annotations_without_overlay": round(best["B"], 2),
            "C_numpy_annotations_without_overlay": round(best["C"], 2),
            "D_ndtyping_check": round(best["D"], 2),
            "E_ndtyping_check_on_numpy_annotations": round(best["E"], 2),
        },
        "all_runs_seconds": {name: [round(t, 2) for t in values] for name, values in times.items()},
        "ratios": {
            "overlay_vs_no_overlay": round(ratio_4, 3),
            "check_vs_plain_pyright": round(ratio_8, 3),
            "check_on_plain_code_vs_plain_pyright": round(ratio_15, 3),
        },
        "errors": dict(errors),
        "note": "A: pyright with the overlay as stubPath; D: the `ndtyping check` command itself (its cost against plain pyright is D/C)",
    }
    print(
        f"pyright on {args.functions} generated functions ({len(TEMPLATES)} templates), CPU seconds, best of {args.repeat}, interleaved:"
    )
    print(f"  A  NDArray annotations, overlay on stubPath:  {best['A']:7.2f} s   ({errors['A']} errors)")
    print(f"  B  NDArray annotations, no overlay:           {best['B']:7.2f} s   ({errors['B']} errors)")
    print(f"  C  npt.NDArray annotations, no overlay:       {best['C']:7.2f} s   ({errors['C']} errors)")
    print(f"  D  `ndtyping check` on the NDArray module:    {best['D']:7.2f} s   ({errors['D']} errors)")
    print(f"  E  `ndtyping check` on the npt.NDArray module: {best['E']:7.2f} s   ({errors['E']} errors)")
    print(f"  A/B (overlay vs none):                   {ratio_4:5.2f}x  (target <= 1.3x)")
    print(f"  D/C (check vs plain pyright):            {ratio_8:5.2f}x  (target <= 1.3x)")
    print(f"  E/C (check on code without NDArray):     {ratio_15:5.2f}x  (target <= 1.3x)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
