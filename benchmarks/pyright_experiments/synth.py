"""Synthetic overload encodings: does a nested call cost the product of the overloads tried?

    python -m benchmarks.pyright_experiments.synth VARIANT [VARIANT...] [--k 30] [--n 20] [--depth 1 2 3]

Each variant writes a stub package `syn` with a K-overload `f(a, k: Literal[i])` whose last
overload is the one that matches (the worst case), and a module of N functions each calling
`f(f(...f(x, K-1)...), K-1)` to the given depth. Prints pyright CPU seconds (min of repeats)
and the revealed type of the depth-3 call, so an encoding that loses the shape shows it.
"""

from __future__ import annotations

import argparse
import json

from ndtyping._static.pyright_runner import run_pyright
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HEAD = """from typing import Any, Generic, Literal, overload
from typing_extensions import TypeVar, TypeVarTuple, Unpack
from ndtyping._surface.ndarray import ShapedArray as Arr
import numpy as np
D = TypeVar("D", bound=np.generic)
A = TypeVar("A", default=Any)
Rest = TypeVarTuple("Rest", default=Unpack[tuple[Any, ...]])
T = TypeVar("T")
B = TypeVar("B", default=Any)
C = TypeVar("C", default=Any)
E = TypeVar("E", default=Any)
D2 = TypeVar("D2", bound=np.generic)
"""


def variant_func(k: int) -> str:
    """Today's encoding: overloaded functions, TypeVars scoped to each overload."""
    return HEAD + "".join(
        f"@overload\ndef f(a: Arr[D, tuple[A, Unpack[Rest]]], k: Literal[{i}]) -> Arr[D, tuple[A, Unpack[Rest]]]: ...\n"
        for i in range(k)
    ) + "def f(a: Any, k: int) -> Any: ...\n"


def variant_any(k: int) -> str:
    """Lower bound: an `Any` parameter is the same expected type for every overload (no shape)."""
    return HEAD + "".join(f"@overload\ndef f(a: Any, k: Literal[{i}]) -> Any: ...\n" for i in range(k)) + "def f(a: Any, k: int) -> Any: ...\n"


def variant_ctor(k: int) -> str:
    """`f` is a generic class; its overloaded `__new__` uses the class's TypeVars, so the
    parameter types of all overloads share one scope and are the same type."""
    body = "".join(
        f"    @overload\n    def __new__(cls, a: Arr[D, tuple[A, Unpack[Rest]]], k: Literal[{i}]) -> Arr[D, tuple[A, Unpack[Rest]]]: ...\n"
        for i in range(k)
    )
    return HEAD + "class f(Generic[D, A, Unpack[Rest]]):\n" + body


def variant_ctor_diff(k: int) -> str:
    """Class-scoped TypeVars, but patterns differ between overloads (as axis variants do):
    even i: tuple[A, *Rest], odd i: tuple[*Rest, A]."""
    def pat(i: int) -> str:
        return "tuple[A, Unpack[Rest]]" if i % 2 == 0 else "tuple[Unpack[Rest], A]"
    body = "".join(
        f"    @overload\n    def __new__(cls, a: Arr[D, {pat(i)}], k: Literal[{i}]) -> Arr[D, {pat(i)}]: ...\n"
        for i in range(k)
    )
    return HEAD + "class f(Generic[D, A, Unpack[Rest]]):\n" + body


def _pattern16(i: int) -> tuple[str, str]:
    """16 distinct (dtype, shape) patterns, like a reduction's 8 axes x 2 dtype families."""
    dims = ["A", "B", "C", "E"][: 4 - (i % 8) // 2]  # the last overloads need the fewest dims
    shape = ", ".join(dims + ["Unpack[Rest]"]) if i % 2 == 0 else ", ".join(["Unpack[Rest]"] + dims)
    return ("D" if (i % 16) < 8 else "D2"), f"tuple[{shape}]"


def variant_ctor16(k: int) -> str:
    """Class-scoped TypeVars with 16 distinct parameter patterns (the cache keeps 8 per node)."""
    body = ""
    for i in range(k):
        d, shape = _pattern16(i)
        body += f"    @overload\n    def __new__(cls, a: Arr[{d}, {shape}], k: Literal[{i}]) -> Arr[{d}, {shape}]: ...\n"
    return HEAD + "class f(Generic[D, D2, A, B, C, E, Unpack[Rest]]):\n" + body


def variant_func16(k: int) -> str:
    """Today's encoding with the same 16 patterns (control for ctor16)."""
    body = ""
    for i in range(k):
        d, shape = _pattern16(i)
        body += f"@overload\ndef f(a: Arr[{d}, {shape}], k: Literal[{i}]) -> Arr[{d}, {shape}]: ...\n"
    return HEAD + body + "def f(a: Any, k: int) -> Any: ...\n"


def variant_bare1(k: int) -> str:
    """`a: T` (bare TypeVar, no shape), one TypeVar-matched argument: one pass, expected type T."""
    return HEAD + "".join(f"@overload\ndef f(a: T, k: Literal[{i}]) -> T: ...\n" for i in range(k)) + "def f(a: Any, k: int) -> Any: ...\n"


def variant_bare2(k: int) -> str:
    """`a: T` and a second TypeVar-matched argument: two passes, the first evaluates `a` without
    an expected type (isArgFirstPass), the second with T solved to the argument's own type."""
    tvs = "".join(f"L{i} = TypeVar('L{i}', bound=Literal[{i}])\n" for i in range(k))
    return HEAD + tvs + "".join(f"@overload\ndef f(a: T, k: L{i}) -> T: ...\n" for i in range(k)) + "def f(a: Any, k: int) -> Any: ...\n"


def variant_call_generic(k: int) -> str:
    """`f: _F` an instance whose `__call__` overloads use function-scoped TypeVars (control)."""
    body = "".join(
        f"    @overload\n    def __call__(self, a: Arr[D, tuple[A, Unpack[Rest]]], k: Literal[{i}]) -> Arr[D, tuple[A, Unpack[Rest]]]: ...\n"
        for i in range(k)
    )
    return HEAD + "class _F:\n" + body + "f: _F\n"


def variant_guarded(k: int) -> str:
    """The overlay's shape since session 2: a TypeVar-free numpy-array guard first, then the
    patterns. With --k 1 against `func --k 1`: what one guard costs at each depth."""
    guard = "@overload\ndef f(a: np.ndarray[Any, Any], k: int) -> Any: ...\n"
    return HEAD + guard + variant_func(k)[len(HEAD):]


VARIANTS = {
    "func": variant_func,
    "any": variant_any,
    "ctor": variant_ctor,
    "ctor_diff": variant_ctor_diff,
    "callobj": variant_call_generic,
    "ctor16": variant_ctor16,
    "bare1": variant_bare1,
    "bare2": variant_bare2,
    "func16": variant_func16,
    "guarded": variant_guarded,
}


def module(k: int, n: int, depth: int) -> str:
    expr = "x"
    for _ in range(depth):
        expr = f"f({expr}, {k - 1})"
    head = "from ndtyping import DimensionVar, NDArray, float32\nfrom syn import f\nN = DimensionVar('N')\nM = DimensionVar('M')\nK = DimensionVar('K')\n"
    body = "".join(f"\ndef g{i}(x: NDArray[float32, N, M, K]):\n    return {expr}\n" for i in range(n))
    return head + body + f"\ndef probe(x: NDArray[float32, N, M, K]):\n    reveal_type({expr})\n"


def run(root: Path, src: str) -> tuple[float, str]:
    path = root / "m.py"
    path.write_text(src)
    cfg = root / "pyrightconfig.json"
    cfg.write_text(json.dumps({"typeCheckingMode": "standard", "stubPath": str(root / "stubs")}))
    run = run_pyright([path], project=cfg)
    cpu = run.cpu_seconds
    diags = run.diagnostics
    revealed = [d["message"] for d in diags if d["severity"] == "information"]
    errors = [d["message"] for d in diags if d["severity"] == "error"]
    note = (revealed[0] if revealed else "?") + (f"  [{len(errors)} errors: {errors[0][:120]}]" if errors else "")
    return cpu, note


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("variants", nargs="+")
    p.add_argument("--k", type=int, default=30)
    p.add_argument("--n", type=int, default=20)
    p.add_argument("--depth", type=int, nargs="+", default=[1, 2, 3])
    p.add_argument("--repeat", type=int, default=2)
    args = p.parse_args()
    for name in args.variants:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            (root / "stubs" / "syn").mkdir(parents=True)
            (root / "stubs" / "syn" / "__init__.pyi").write_text(VARIANTS[name](args.k))
            for depth in args.depth:
                times, note = [], ""
                for _ in range(args.repeat):
                    t, note = run(root, module(args.k, args.n, depth))
                    times.append(t)
                print(f"{name:10s} k={args.k} n={args.n} depth={depth}: {min(times):6.2f}s  {note}", flush=True)


if __name__ == "__main__":
    main()
