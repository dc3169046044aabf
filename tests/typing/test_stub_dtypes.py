"""The dtype half of the stub test: for every elementwise ufunc the overlay types, on every dtype
family, the dtype pyright infers accepts the dtype numpy really returns (`exp` of an int64 array
is float64, of an int8 array float16; `divide` of integers is a float; `absolute` of complex64 is
float32), and the overlay really types the result (a ShapedArray, not numpy's fallback) where it
claims to: arrays of the same dtype, and an array with a Python scalar of its kind."""

from __future__ import annotations

import sys
import warnings
from typing import Any, Optional

import numpy as np
import pytest

from ndtyping._overlay import build_overlay, supported

from .run_pyright import run_pyright
from .test_stub_shapes import BINARY, UNARY
from .test_stubs import config

pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3"),
]

DTYPES = ["float32", "float64", "complex64", "int64", "int8", "uint8", "bool"]
TYPED = {"float32", "float64", "int64", "int8"}  # the families every overlay class covers
SHAPE, ROW = (2, 3), (3,)


def _annotation(dtype: str, shape: tuple[int, ...]) -> str:
    name = "bool_" if dtype == "bool" else dtype
    return f"NDArray[np.{name}, {', '.join(f'Literal[{n}]' for n in shape)}]"


def _real_dtype(expr: str, values: dict[str, Any]) -> Optional[str]:
    """numpy's result dtype, or None where numpy refuses the call (bool - bool, cbrt of complex)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return str(eval(expr, {"np": np, **values}).dtype)  # noqa: S307 (our own table)
        except TypeError:
            return None


# (expression, {argument: (dtype, shape)}, must the overlay type it)
CASES: list[tuple[str, dict[str, tuple[str, tuple[int, ...]]], bool]] = []
for _name in UNARY:
    for _dtype in DTYPES:
        CASES.append((f"np.{_name}(x)", {"x": (_dtype, SHAPE)}, _dtype in TYPED))
for _name in BINARY:
    for _dtype in DTYPES:
        _typed = _dtype in TYPED
        CASES.append((f"np.{_name}(x, y)", {"x": (_dtype, SHAPE), "y": (_dtype, SHAPE)}, _typed))
        CASES.append((f"np.{_name}(x, y)", {"x": (_dtype, SHAPE), "y": (_dtype, ROW)}, _typed))
        CASES.append((f"np.{_name}(x, 2)", {"x": (_dtype, SHAPE)}, _typed))
        CASES.append((f"np.{_name}(2, x)", {"x": (_dtype, SHAPE)}, _typed))
        CASES.append((f"np.{_name}(x, 1.5)", {"x": (_dtype, SHAPE)}, _typed and _dtype.startswith("float")))

RUNNABLE = [
    (expr, arguments, typed, real)
    for expr, arguments, typed in CASES
    if (real := _real_dtype(expr, {n: np.ones(s, dtype=d) for n, (d, s) in arguments.items()})) is not None
]


@pytest.fixture(scope="module")
def diagnostics(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict[int, list[Any]]]:
    tmp = tmp_path_factory.mktemp("dtypes")
    overlay = build_overlay(tmp / "overlay")
    lines = ["from typing import Literal", "import numpy as np", "from ndtyping import NDArray", ""]
    for index, (expr, arguments, _typed, real) in enumerate(RUNNABLE):
        params = ", ".join(f"{name}: {_annotation(*spec)}" for name, spec in arguments.items())
        lines += [
            f"def case_{index}({params}) -> None:",
            f"    r = {expr}",
            f"    reveal_type(r)  # case {index}",
            f"    ok: {_annotation(real, SHAPE)} = r  # case {index}",
            "",
        ]
    case_file = tmp / "dtype_cases.py"
    case_file.write_text("\n".join(lines))
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    found = run_pyright([case_file], version, config(tmp, overlay, strict=False), keep_information=True)
    by_line: dict[int, list[Any]] = {}
    for diagnostic in found:
        by_line.setdefault(diagnostic.line, []).append(diagnostic)
    return lines, by_line


@pytest.mark.parametrize(
    "index", range(len(RUNNABLE)), ids=[f"{e}-{'-'.join(d for d, _ in a.values())}" for e, a, _, _ in RUNNABLE]
)
def test_inferred_dtype_accepts_numpy_result(index: int, diagnostics: tuple[list[str], dict[int, list[Any]]]) -> None:
    lines, by_line = diagnostics
    expr, arguments, typed, real = RUNNABLE[index]
    reveal_line = lines.index(f"    reveal_type(r)  # case {index}") + 1
    revealed = [d.message for d in by_line.get(reveal_line, []) if d.severity == "information"]
    assert revealed, f"no reveal_type for {expr}"
    errors = [d for d in by_line.get(reveal_line + 1, []) if d.severity == "error"]
    assert not errors, f"{expr} on {arguments}: numpy returns {real}, pyright: {revealed[0]}\n{errors[0]}"
    if typed:
        assert "ShapedArray[" in revealed[0], f"the overlay does not type {expr} on {arguments}: {revealed[0]}"
