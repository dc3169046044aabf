"""The strongest stub test: for every stubbed function, the shape pyright infers through the
overlay equals the shape the real numpy call returns, on literal-shaped example inputs."""

from __future__ import annotations

import re
import sys
from typing import Any, Optional

import numpy as np
import pytest

from ndtyping._overlay import build_overlay, supported

from .run_pyright import run_pyright
from .test_stubs import config

pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3"),
]

REDUCTIONS = ["sum", "prod", "mean", "std", "var", "max", "min", "any", "all", "argmax", "argmin"]
BINARY = [
    "add", "subtract", "multiply", "divide", "power", "maximum", "minimum", "floor_divide", "remainder",
    "fmod", "fmax", "fmin", "arctan2", "hypot", "logaddexp", "logaddexp2", "copysign", "float_power",
]  # fmt: skip
UNARY = [
    "absolute", "negative", "positive", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt",
    "cbrt", "square", "reciprocal", "sign", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
    "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil", "trunc", "rint", "fabs",
    "deg2rad", "rad2deg", "degrees", "radians", "conjugate",
]  # fmt: skip

# (expression, {argument: shape}); every argument is float32
CASES: list[tuple[str, dict[str, tuple[int, ...]]]] = []
for name in REDUCTIONS:
    for axis in (0, 1, 2, -1, -2, -3):
        CASES.append((f"np.{name}(x, axis={axis})", {"x": (2, 3, 4)}))
    CASES.append((f"np.{name}(x, axis=1, keepdims=True)", {"x": (2, 3, 4)}))
    CASES.append((f"np.{name}(x, axis=-1, keepdims=True)", {"x": (2, 3)}))
    for axis in (3, -4):
        CASES.append((f"np.{name}(x, axis={axis})", {"x": (2, 3, 4, 5)}))
for rank in range(1, 5):
    CASES.append(("np.transpose(x)", {"x": (2, 3, 4, 5)[:rank]}))
# every literal pair of axes the overlay types, on ranks 2-4 (its patterns are rank-agnostic)
for shape in [(2, 3), (2, 3, 4), (2, 3, 4, 5)]:
    axes = [*range(len(shape)), -1, -2]
    for i in axes:
        for j in axes:
            if i % len(shape) != j % len(shape):
                CASES.append((f"np.swapaxes(x, {i}, {j})", {"x": shape}))
                CASES.append((f"np.moveaxis(x, {i}, {j})", {"x": shape}))
for axis in (0, 1, 2, -1, -2, -3):
    CASES.append((f"np.expand_dims(x, {axis})", {"x": (2, 3)}))
for axis, shape in [(0, (1, 3, 4)), (1, (2, 1, 4)), (-1, (2, 3, 1)), (-2, (2, 1, 4)), (3, (2, 3, 4, 1))]:
    CASES.append((f"np.squeeze(x, axis={axis})", {"x": shape}))
for shape in [(3, 4), (12,), (2, 3, 2), (1, 2, 3, 2)]:
    CASES.append((f"np.reshape(x, {shape})", {"x": (2, 6)}))
for left, right in [((2, 3), (2, 3)), ((2, 3), (3,)), ((3,), (3,)), ((4, 2, 3), (4, 2, 3))]:
    CASES.append(("np.vecdot(a, b)", {"a": left, "b": right}))
for name in ("zeros", "ones", "empty"):
    for shape in [(2,), (2, 3), (2, 3, 4), (2, 3, 4, 5)]:
        CASES.append((f"np.{name}({shape}, dtype=np.float32)", {}))
CASES += [
    ("np.full((2, 3), 1.5, dtype=np.float32)", {}),
    ("np.eye(3, dtype=np.float32)", {}),
    ("np.eye(2, 4, dtype=np.float32)", {}),
]
for left, right in [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4))]:
    CASES.append(("np.dot(a, b)", {"a": left, "b": right}))
    CASES.append(("np.matmul(a, b)", {"a": left, "b": right}))
CASES.append(("np.matmul(a, b)", {"a": (5, 2, 3), "b": (5, 3, 4)}))
for name in BINARY:
    CASES.append((f"np.{name}(x, y)", {"x": (2, 3), "y": (2, 3)}))
    CASES.append((f"np.{name}(x, 2.0)", {"x": (2, 3)}))
    CASES.append((f"np.{name}(x, v)", {"x": (2, 3), "v": (3,)}))
for name in UNARY:
    CASES.append((f"np.{name}(x)", {"x": (2, 3)}))
CASES += [
    ("np.clip(x, 0.0, 1.0)", {"x": (2, 3)}),
    ("np.where(x > 0, x, y)", {"x": (2, 3), "y": (2, 3)}),
    ("np.zeros_like(x)", {"x": (2, 3)}),
    ("np.ones_like(x)", {"x": (2, 3)}),
    ("np.empty_like(x)", {"x": (2, 3)}),
    ("np.full_like(x, 1.0)", {"x": (2, 3)}),
    ("np.stack([x, y])", {"x": (2, 3), "y": (2, 3)}),
    ("np.stack([x, y], axis=-1)", {"x": (2, 3), "y": (2, 3)}),
    ("np.concatenate([x, y])", {"x": (2, 3), "y": (4, 3)}),
    ("np.concatenate([x, y], axis=-1)", {"x": (2, 3), "y": (2, 4)}),
]


def _annotation(shape: tuple[int, ...]) -> str:
    dims = ", ".join(f"Literal[{n}]" for n in shape)
    return f"NDArray[float32, {dims}]" if dims else "NDArray[float32]"


def _split_top_level(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        depth += char in "[("
        depth -= char in "])"
        current += char
    if current.strip():
        parts.append(current.strip())
    return parts


def inferred_shape(revealed: str) -> Optional[list[Optional[int]]]:
    """`ShapedArray[float32, tuple[Literal[3], Any]]` -> [3, None]; None if no shape is typed."""
    match = re.search(r"(?:ShapedArray\[[^,]+, |ndarray\[)tuple\[(.*)\]", revealed)
    if match is None:
        return None
    inner = match.group(1)
    depth, end = 0, len(inner)
    for index, char in enumerate(inner):  # cut at the bracket that closes tuple[
        depth += char == "["
        depth -= char == "]"
        if depth < 0:
            end = index
            break
    items = _split_top_level(inner[:end])
    if items == ["()"]:
        return []
    dims: list[Optional[int]] = []
    for item in items:
        literal = re.fullmatch(r"Literal\[(\d+)\]", item)
        if item.startswith("*") or item == "...":
            return None  # a variadic remainder: the rank is not known statically
        dims.append(int(literal.group(1)) if literal else None)
    return dims


@pytest.fixture(scope="module")
def revealed(tmp_path_factory: pytest.TempPathFactory) -> dict[int, str]:
    tmp = tmp_path_factory.mktemp("shapes")
    overlay = build_overlay(tmp / "overlay")
    lines = [
        "from typing import Literal",
        "import numpy as np",
        "from ndtyping import NDArray, float32",
        "",
    ]
    for index, (expr, arguments) in enumerate(CASES):
        params = ", ".join(f"{name}: {_annotation(shape)}" for name, shape in arguments.items())
        lines += [f"def case_{index}({params}) -> None:", f"    reveal_type({expr})  # case {index}", ""]
    case_file = tmp / "shape_cases.py"
    case_file.write_text("\n".join(lines))
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    cfg = config(tmp, overlay, strict=False)
    diagnostics = run_pyright([case_file], version, cfg, keep_information=True)
    by_line = {d.line: d.message for d in diagnostics if d.severity == "information"}
    errors = [d for d in diagnostics if d.severity == "error"]
    assert not errors, "\n".join(map(str, errors))
    out = {}
    for index in range(len(CASES)):
        line = next(i + 1 for i, text in enumerate(lines) if text.endswith(f"# case {index}"))
        out[index] = by_line[line]
    return out


@pytest.mark.parametrize("index", range(len(CASES)), ids=[expr for expr, _ in CASES])
def test_inferred_shape_matches_numpy(index: int, revealed: dict[int, str]) -> None:
    expr, arguments = CASES[index]
    values: dict[str, Any] = {name: np.ones(shape, dtype=np.float32) for name, shape in arguments.items()}
    with np.errstate(all="ignore"):  # arctanh(1.0) and the like: only the shape matters
        actual = np.shape(eval(expr, {"np": np, **values}))  # noqa: S307 (our own table)
    message = revealed[index]
    inferred = inferred_shape(message)
    assert inferred is not None, f"pyright inferred no shape for {expr}: {message}"
    assert len(inferred) == len(actual), f"{expr}: rank {len(inferred)} inferred, {len(actual)} real ({message})"
    for axis, (static, real) in enumerate(zip(inferred, actual)):
        assert static is None or static == real, f"{expr}: axis {axis} is {static} statically, {real} really"
    # only the joined axis of stack/concatenate may be unknown
    unknown = sum(static is None for static in inferred)
    assert unknown <= (1 if ("stack" in expr or "concatenate" in expr) else 0), message
