"""Shared by the numpy and jax dtype tests: elementwise cases on several dtypes, one pyright run
over all of them, and the verdict per case (pyright's dtype accepts the real one; the overlay types
the result where it claims to)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Optional

from .run_pyright import run_pyright

SHAPE, ROW = (2, 3), (3,)
# (expression, {argument: (dtype, shape)}, must the overlay type it, the real result dtype)
Case = tuple[str, dict[str, tuple[str, tuple[int, ...]]], bool, str]


def annotation(dtype: str, shape: tuple[int, ...]) -> str:
    name = "bool_" if dtype == "bool" else dtype
    return f"NDArray[np.{name}, {', '.join(f'Literal[{n}]' for n in shape)}]"


def elementwise_cases(
    module: str, unary: list[str], binary: list[str], dtypes: list[str], typed: set[str],
    real_dtype: Callable[[str, dict[str, tuple[str, tuple[int, ...]]]], Optional[str]],
) -> list[Case]:  # fmt: skip
    """Every unary function on every dtype; every binary one with an array of the same dtype and
    shape, a row vector, a Python int on either side and a Python float; minus the calls the
    library refuses (`real_dtype` gives None)."""
    cases: list[tuple[str, dict[str, tuple[str, tuple[int, ...]]], bool]] = []
    for name in unary:
        for dtype in dtypes:
            cases.append((f"{module}.{name}(x)", {"x": (dtype, SHAPE)}, dtype in typed))
    for name in binary:
        for dtype in dtypes:
            is_typed = dtype in typed
            cases.append((f"{module}.{name}(x, y)", {"x": (dtype, SHAPE), "y": (dtype, SHAPE)}, is_typed))
            cases.append((f"{module}.{name}(x, y)", {"x": (dtype, SHAPE), "y": (dtype, ROW)}, is_typed))
            cases.append((f"{module}.{name}(x, 2)", {"x": (dtype, SHAPE)}, is_typed))
            cases.append((f"{module}.{name}(2, x)", {"x": (dtype, SHAPE)}, is_typed))
            cases.append((f"{module}.{name}(x, 1.5)", {"x": (dtype, SHAPE)}, is_typed and dtype.startswith("float")))
    return [(e, a, t, real) for e, a, t in cases if (real := real_dtype(e, a)) is not None]


def run_cases(cases: list[Case], imports: list[str], tmp: Path, config: Path) -> tuple[list[str], dict[int, list[Any]]]:
    """One pyright run over every case: the lines of the case file and the diagnostics by line."""
    lines = ["from typing import Literal", *imports, "from ndtyping import NDArray", ""]
    for index, (expr, arguments, _typed, real) in enumerate(cases):
        params = ", ".join(f"{name}: {annotation(*spec)}" for name, spec in arguments.items())
        lines += [
            f"def case_{index}({params}) -> None:",
            f"    r = {expr}",
            f"    reveal_type(r)  # case {index}",
            f"    ok: {annotation(real, SHAPE)} = r  # case {index}",
            "",
        ]
    case_file = tmp / "dtype_cases.py"
    case_file.write_text("\n".join(lines))
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    by_line: dict[int, list[Any]] = {}
    for diagnostic in run_pyright([case_file], version, config, keep_information=True):
        by_line.setdefault(diagnostic.line, []).append(diagnostic)
    return lines, by_line


def check_case(
    case: Case, index: int, run: tuple[list[str], dict[int, list[Any]]], typed_marker: str, library: str
) -> None:
    """pyright's dtype accepts the real one, and the result is typed by the overlay where required."""
    lines, by_line = run
    expr, arguments, typed, real = case
    reveal_line = lines.index(f"    reveal_type(r)  # case {index}") + 1
    revealed = [d.message for d in by_line.get(reveal_line, []) if d.severity == "information"]
    assert revealed, f"no reveal_type for {expr}"
    errors = [d for d in by_line.get(reveal_line + 1, []) if d.severity == "error"]
    assert not errors, f"{expr} on {arguments}: {library} returns {real}, pyright: {revealed[0]}\n{errors[0]}"
    if typed:
        assert typed_marker in revealed[0], f"the overlay does not type {expr} on {arguments}: {revealed[0]}"


def case_id(case: Case) -> str:
    expr, arguments, _, _ = case
    return f"{expr}-{'-'.join(dtype for dtype, _ in arguments.values())}"
