"""A reduction-like `f(a, axis)` in two encodings, nested like real code.

    python -m benchmarks.pyright_experiments.synth_reduce [--n 20] [--repeat 1]

- `func`: today's overlay encoding: one overload per (dtype family, axis), rank-agnostic
  patterns (`tuple[A, *Rest]` for axis 0, `tuple[*Rest, Z]` for -1, ...), TypeVars per overload.
- `rank`: `f` is a generic class; overloaded `__new__` grouped by rank, then dtype family, then
  axis; every overload of one (rank, family) group takes the same class-scoped parameter type
  `Arr[DI, tuple[A, B, C]]`, so a nested argument is evaluated once per group tried instead of
  once per overload tried.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from .synth import HEAD, run

AXES = [0, -1, 1, -2, 2, -3, 3, -4]
DIMS = ["A", "B", "C", "E"]
FAMILIES = [("DI", "DI"), ("DO", "np.integer[Any]")]
EXTRA = 'DI = TypeVar("DI", bound=np.inexact[Any])\nDO = TypeVar("DO", bound=np.integer[Any] | np.bool_)\nZ = TypeVar("Z", default=Any)\nY = TypeVar("Y", default=Any)\nX = TypeVar("X", default=Any)\nW = TypeVar("W", default=Any)\n'


def func_encoding() -> str:
    out = HEAD + EXTRA
    for dtype, result in FAMILIES:
        for axis in AXES:
            if axis >= 0:
                fixed = DIMS[: axis + 1]
                param = ", ".join(fixed + ["Unpack[Rest]"])
                ret = ", ".join(fixed[:-1] + ["Unpack[Rest]"])
            else:
                fixed = ["W", "X", "Y", "Z"][4 + axis :]
                param = ", ".join(["Unpack[Rest]"] + fixed)
                ret = ", ".join(["Unpack[Rest]"] + fixed[1:])
            out += f"@overload\ndef f(a: Arr[{dtype}, tuple[{param}]], axis: Literal[{axis}]) -> Arr[{result}, tuple[{ret}]]: ...\n"
    return out + "@overload\ndef f(a: Any, axis: int) -> Any: ...\ndef f(a: Any, axis: int) -> Any: ...\n"


def rank_encoding(ranks: list[int]) -> str:
    out = HEAD + EXTRA + "class f(Generic[DI, DO, A, B, C, E]):\n"
    for rank in ranks:
        dims = DIMS[:rank]
        for dtype, result in FAMILIES:
            for axis in AXES:
                if not -rank <= axis < rank:
                    continue
                kept = [d for i, d in enumerate(dims) if i != axis % rank]
                ret = f"tuple[{', '.join(kept)}]" if kept else "tuple[()]"
                out += f"    @overload\n    def __new__(cls, a: Arr[{dtype}, tuple[{', '.join(dims)}]], axis: Literal[{axis}]) -> Arr[{result}, {ret}]: ...\n"
    return out + "    @overload\n    def __new__(cls, a: Any, axis: int) -> Any: ...\n"


CALLS = {
    "d1": "f(x, 2)",
    "d2": "f(f(x, 2), 1)",
    "d3": "f(f(f(x4, 2), 1), 0)",
}


def module(expr: str, n: int) -> str:
    head = "import numpy as np\nfrom ndtyping import DimensionVar, NDArray, float32\nfrom syn import f\nN = DimensionVar('N')\nM = DimensionVar('M')\nK = DimensionVar('K')\nL = DimensionVar('L')\n"
    sig = "x: NDArray[float32, N, M, K], x4: NDArray[float32, N, M, K, L]"
    body = "".join(f"\ndef g{i}({sig}):\n    return {expr}\n" for i in range(n))
    return head + body + f"\ndef probe({sig}):\n    reveal_type({expr})\n"


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=20)
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--variants", nargs="+", default=["func", "rank1234", "rank4321"])
    args = p.parse_args()
    encodings = {"func": func_encoding(), "rank1234": rank_encoding([1, 2, 3, 4]), "rank4321": rank_encoding([4, 3, 2, 1])}
    for name in args.variants:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            (root / "stubs" / "syn").mkdir(parents=True)
            (root / "stubs" / "syn" / "__init__.pyi").write_text(encodings[name])
            for call, expr in CALLS.items():
                times, note = [], ""
                for _ in range(args.repeat):
                    t, note = run(root, module(expr, args.n))
                    times.append(t)
                print(f"{name:9s} {call} n={args.n}: {min(times):6.2f}s  {note}", flush=True)


if __name__ == "__main__":
    main()
