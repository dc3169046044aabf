"""Per-construct pyright timings, with and without the numpy overlay.

    python -m benchmarks.pyright_experiments.measure CONSTRUCT [--n 40] [--repeat 3] [--style ndt|np|npt]

Each construct is a one-line expression on an argument `x`; a module of N functions each
evaluates it. Runs alternate with/without the overlay; the minimum of the repeats is printed.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
from ndtyping._static.overlay import build_overlay  # noqa: E402
from ndtyping._static.pyright_runner import run_pyright  # noqa: E402

CONSTRUCTS = {
    "none": "x",
    "sum": "np.sum(x, axis=0)",
    "sum2": "np.sum(np.sum(x, axis=0), axis=0)",
    "sum3": "np.sum(np.sum(np.sum(x, axis=0), axis=0), axis=0)",
    "sumneg": "np.sum(x, axis=-1)",
    "sumnoaxis": "np.sum(x)",
    "swap": "np.swapaxes(x, 1, 2)",
    "swap2": "np.swapaxes(np.swapaxes(x, 1, 2), 0, 1)",
    "swap3": "np.swapaxes(np.swapaxes(np.swapaxes(x, 1, 2), 0, 1), 0, 2)",
    "expand": "np.expand_dims(x, 0)",
    "expand2": "np.expand_dims(np.expand_dims(x, 0), 0)",
    "expand3": "np.expand_dims(np.expand_dims(np.expand_dims(x, 0), 0), 0)",
    "exp": "np.exp(x)",
    "exp2": "np.exp(np.exp(x))",
    "exp3": "np.exp(np.exp(np.exp(x)))",
    "add": "np.add(x, x)",
    "add2": "np.add(np.add(x, x), x)",
    "argmax": "np.argmax(x, axis=0)",
    "transpose": "np.transpose(x)",
    "matmul": "np.matmul(x, x)",
    "nested": "np.mean(np.swapaxes(np.expand_dims(x, 0), 1, 2), axis=0)",
    "zeros": "np.zeros((4, 3), dtype=np.float32)",
    "reshape": "np.reshape(x, (2, 3))",
    "moveaxis": "np.moveaxis(x, -1, 0)",
    "t3a": "np.maximum(np.multiply(np.add(x, x), 2.0), 0.0)",
    "t3b": "np.where(x > 0, np.log1p(x), np.sqrt(np.abs(x)))",
    "t3c": "np.mean(np.matmul(np.clip(x, 0.0, 1.0), x), axis=0)",
    "abs": "np.abs(x)",
    "where": "np.where(x > 0, x, x)",
    "sum_ax0": "np.sum(x4, axis=0)",
    "sum_axm1": "np.sum(x4, axis=-1)",
    "sum_axm4": "np.sum(x4, axis=-4)",
    "sum_i_axm4": "np.sum(i4, axis=-4)",
    "swap_first": "np.swapaxes(x, -1, -2)",
    "swap_late": "np.swapaxes(x, 2, 0)",
    "flat": "h1 = np.expand_dims(x, 0)\n    h2 = np.swapaxes(h1, 1, 2)\n    return np.mean(h2, axis=0)",
}

HEAD = {
    "ndt": "import numpy as np\nfrom ndtyping import DimensionVar, NDArray, float32\nN = DimensionVar('N')\nM = DimensionVar('M')\nK = DimensionVar('K')\n",
    "np": "import numpy as np\n",
    "npt": "import numpy as np\nimport numpy.typing as npt\n",
}
ARG = {
    "ndt": "NDArray[float32, N, M, K]",
    "np": "np.ndarray[tuple[int, int, int], np.dtype[np.float32]]",
    "npt": "npt.NDArray[np.float32]",
}


def module(construct: str, style: str, n: int) -> str:
    expr = CONSTRUCTS[construct]
    body = expr if "return" in expr else f"return {expr}"
    extra = ", x4: NDArray[float32, N, M, K, N], i4: NDArray[np.int64, N, M, K, N]" if style == "ndt" else ""
    return HEAD[style] + "".join(f"\ndef f{i}(x: {ARG[style]}{extra}):\n    {body}\n" for i in range(n))


def run(path: Path, stub: Path | None) -> float:
    cfg = path.with_suffix(".with.json" if stub else ".without.json")
    settings: dict[str, object] = {"typeCheckingMode": "standard"}
    if stub:
        settings["stubPath"] = str(stub)
    cfg.write_text(json.dumps(settings))
    run = run_pyright([path], project=cfg)
    elapsed = run.cpu_seconds
    summary = run.summary
    if summary["errorCount"]:
        print("  errors:", summary["errorCount"], file=sys.stderr)
    return elapsed


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("constructs", nargs="+")
    p.add_argument("--n", type=int, default=40)
    p.add_argument("--repeat", type=int, default=2)
    p.add_argument("--style", default="ndt")
    p.add_argument("--overlay", type=Path)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        overlay = args.overlay or build_overlay(root / "overlay")
        for construct in args.constructs:
            path = root / f"m_{construct}.py"
            path.write_text(module(construct, args.style, args.n))
            w, wo = [], []
            for _ in range(args.repeat):
                w.append(run(path, overlay))
                wo.append(run(path, None))
            print(f"{construct:10s} {args.style:4s} n={args.n}: with {min(w):6.2f}s  without {min(wo):6.2f}s  ratio {min(w)/min(wo):5.2f}", flush=True)


if __name__ == "__main__":
    main()
