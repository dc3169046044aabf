"""The dtype half of the jax stub test: for every elementwise jax.numpy function the overlay types,
on six dtypes, the dtype pyright infers accepts the dtype jax really returns (without x64: `exp` of
an int8 array is float32, `floor` keeps an integer dtype, `bool + 2` is int32, `abs` of complex64
is float32), and the overlay types the result where it claims to (floats and integers, with an
array of the same dtype or a Python scalar of its kind)."""

from __future__ import annotations

import sys
from typing import Any, Optional

import pytest

from ndtyping._overlay import build_overlay, supported

from .run_pyright import run_pyright
from .test_jax_stub_shapes import BINARY, UNARY
from .test_jax_stubs import jax_config

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
pytestmark = [pytest.mark.pyright, pytest.mark.skipif(not supported("jax"), reason="the jax overlay needs numpy >= 2.3")]

DTYPES = ["float32", "float16", "complex64", "int32", "int8", "uint8", "bool"]
TYPED = {"float32", "float16", "int32", "int8", "uint8"}
SHAPE, ROW = (2, 3), (3,)


def _annotation(dtype: str, shape: tuple[int, ...]) -> str:
    name = "bool_" if dtype == "bool" else dtype
    return f"NDArray[np.{name}, {', '.join(f'Literal[{n}]' for n in shape)}]"


def _real_dtype(expr: str, arguments: dict[str, tuple[str, tuple[int, ...]]]) -> Optional[str]:
    """jax's result dtype, or None where jax refuses the call (negative of bool)."""
    values = {name: jnp.ones(shape, dtype=dtype) for name, (dtype, shape) in arguments.items()}
    try:
        return str(eval(expr, {"jnp": jnp, **values}).dtype)  # noqa: S307 (our own table)
    except (TypeError, ValueError):
        return None


CASES: list[tuple[str, dict[str, tuple[str, tuple[int, ...]]], bool]] = []
for _name in UNARY:
    for _dtype in DTYPES:
        CASES.append((f"jnp.{_name}(x)", {"x": (_dtype, SHAPE)}, _dtype in TYPED))
for _name in BINARY:
    for _dtype in DTYPES:
        _typed = _dtype in TYPED
        CASES.append((f"jnp.{_name}(x, y)", {"x": (_dtype, SHAPE), "y": (_dtype, SHAPE)}, _typed))
        CASES.append((f"jnp.{_name}(x, y)", {"x": (_dtype, SHAPE), "y": (_dtype, ROW)}, _typed))
        CASES.append((f"jnp.{_name}(x, 2)", {"x": (_dtype, SHAPE)}, _typed))
        CASES.append((f"jnp.{_name}(2, x)", {"x": (_dtype, SHAPE)}, _typed))
        CASES.append((f"jnp.{_name}(x, 1.5)", {"x": (_dtype, SHAPE)}, _typed and _dtype.startswith("float")))

RUNNABLE = [(e, a, typed, real) for e, a, typed in CASES if (real := _real_dtype(e, a)) is not None]


@pytest.fixture(scope="module")
def diagnostics(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict[int, list[Any]]]:
    tmp = tmp_path_factory.mktemp("jax-dtypes")
    overlay = build_overlay(tmp / "overlay")
    lines = ["from typing import Literal", "import numpy as np", "import jax.numpy as jnp", "from ndtyping import NDArray", ""]
    for index, (expr, arguments, _typed, real) in enumerate(RUNNABLE):
        params = ", ".join(f"{name}: {_annotation(*spec)}" for name, spec in arguments.items())
        lines += [
            f"def case_{index}({params}) -> None:",
            f"    r = {expr}",
            f"    reveal_type(r)  # case {index}",
            f"    ok: {_annotation(real, SHAPE)} = r  # case {index}",
            "",
        ]
    case_file = tmp / "jax_dtype_cases.py"
    case_file.write_text("\n".join(lines))
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    found = run_pyright([case_file], version, jax_config(tmp, overlay, strict=False), keep_information=True)
    by_line: dict[int, list[Any]] = {}
    for diagnostic in found:
        by_line.setdefault(diagnostic.line, []).append(diagnostic)
    return lines, by_line


@pytest.mark.parametrize(
    "index", range(len(RUNNABLE)), ids=[f"{e}-{'-'.join(d for d, _ in a.values())}" for e, a, _, _ in RUNNABLE]
)
def test_inferred_dtype_accepts_jax_result(index: int, diagnostics: tuple[list[str], dict[int, list[Any]]]) -> None:
    lines, by_line = diagnostics
    expr, arguments, typed, real = RUNNABLE[index]
    reveal_line = lines.index(f"    reveal_type(r)  # case {index}") + 1
    revealed = [d.message for d in by_line.get(reveal_line, []) if d.severity == "information"]
    assert revealed, f"no reveal_type for {expr}"
    errors = [d for d in by_line.get(reveal_line + 1, []) if d.severity == "error"]
    assert not errors, f"{expr} on {arguments}: jax returns {real}, pyright: {revealed[0]}\n{errors[0]}"
    if typed:
        assert "_NdtJaxArray[" in revealed[0], f"the overlay does not type {expr} on {arguments}: {revealed[0]}"
