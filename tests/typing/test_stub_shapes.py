"""The strongest stub test: for every stubbed function, the shape pyright infers through the
overlay equals the shape the real numpy call returns, on literal-shaped example inputs."""

from __future__ import annotations

import re
import sys
from itertools import permutations
from typing import Any, Optional

import numpy as np
import pytest

from ndtyping._static.overlay import build_overlay, supported
from tools._shape_rules import einsum_groups, einsum_shapes

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
# the diagonal of a square matrix, of a stack of them on the first two axes (numpy puts it last)
# and on the last two (`axis1=-2, axis2=-1`)
for shape in [(3, 3), (3, 3, 2), (3, 3, 2, 4)]:
    CASES.append(("np.diagonal(x)", {"x": shape}))
for shape in [(3, 3), (2, 3, 3), (4, 2, 3, 3)]:
    CASES.append(("np.diagonal(x, axis1=-2, axis2=-1)", {"x": shape}))
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

# issue 15: linalg, layout with an axes tuple or a -1, joins at other axes, split, einsum, more
# products and broadcasting forms. {expression: axes whose size may be unknown statically}
UNKNOWN: dict[str, int] = {}


def _case(expr: str, arguments: dict[str, tuple[int, ...]], unknown: int = 0) -> None:
    CASES.append((expr, arguments))
    UNKNOWN[expr + repr(sorted(arguments.items()))] = unknown


for a in [(3, 3), (2, 3, 3)]:
    for expr in ("np.linalg.inv(a)", "np.linalg.det(a)", "np.linalg.cholesky(a)", "np.linalg.matrix_power(a, 3)",
                 "np.linalg.slogdet(a).sign", "np.linalg.slogdet(a).logabsdet", "np.linalg.eigh(a).eigenvalues",
                 "np.linalg.eigh(a)[1]", "np.linalg.eig(a).eigenvectors", "np.linalg.svd(a).S", "np.linalg.svd(a).U",
                 "np.linalg.qr(a).R", "np.linalg.norm(a, axis=-1)", "np.linalg.norm(a, axis=(-2, -1))"):  # fmt: skip
        _case(expr, {"a": a})
for a, b in [((3, 3), (3, 2)), ((2, 3, 3), (2, 3, 4)), ((2, 3, 3), (3,)), ((2, 3, 3), (3, 4))]:
    _case("np.linalg.solve(a, b)", {"a": a, "b": b})
for expr, unknown in [("np.linalg.svd(a).U", 0), ("np.linalg.svd(a).Vh", 0), ("np.linalg.svd(a, full_matrices=False).U", 1),
                      ("np.linalg.svd(a, compute_uv=False)", 1), ("np.linalg.qr(a).Q", 1), ("np.linalg.qr(a, mode='complete').Q", 0),
                      ("np.linalg.pinv(a)", 0), ("np.linalg.norm(a)", 0), ("np.linalg.norm(a, axis=0)", 0),
                      ("np.linalg.norm(a, axis=-1, keepdims=True)", 0)]:  # fmt: skip
    _case(expr, {"a": (4, 3)}, unknown)
_case("np.linalg.pinv(a)", {"a": (2, 4, 3)})
_case("np.linalg.norm(a, axis=1)", {"a": (2, 3, 4)})
_case("np.linalg.norm(a, axis=-2)", {"a": (2, 3, 4)})
_case("np.linalg.norm(a, axis=(-2, -1), keepdims=True)", {"a": (2, 3, 4)})
_case("np.linalg.norm(a, axis=1, keepdims=True)", {"a": (4, 3)})
_case("np.linalg.norm(a, axis=1, keepdims=True)", {"a": (2, 3, 4)})
_case("np.linalg.norm(a, axis=-2, keepdims=True)", {"a": (2, 3, 4)})
_case("np.linalg.lstsq(a, b)[0]", {"a": (4, 3), "b": (4, 2)})
_case("np.linalg.lstsq(a, b)[0]", {"a": (4, 3), "b": (4,)})
for shape in [(2, 3), (2, 3, 4), (2, 3, 4, 5)]:
    for axes in permutations(range(len(shape))):
        _case(f"np.transpose(x, {axes})", {"x": shape})
for target, unknown in [("(-1,)", 1), ("(3, -1)", 2), ("(2, -1, 3)", 3), ("(-1, 2, 3, 1)", 4)]:
    _case(f"np.reshape(x, {target})", {"x": (2, 6)}, unknown)
for axis in (1, -2, 2):
    _case(f"np.stack([x, y], axis={axis})", {"x": (2, 3), "y": (2, 3)}, 1)
_case("np.concatenate([x, y], axis=1)", {"x": (2, 3, 4), "y": (2, 5, 4)}, 1)
_case("np.concatenate([x, y], axis=-2)", {"x": (2, 3, 4), "y": (2, 5, 4)}, 1)
# issue 15 (joins): every literal axis the overlay types, the stacking spellings, append with an axis
_case("np.concatenate([x, y], axis=2)", {"x": (2, 3, 4), "y": (2, 3, 5)}, 1)
_case("np.concatenate((x, y, x), axis=-3)", {"x": (2, 3, 4), "y": (5, 3, 4)}, 1)
_case("np.concatenate([x, y], axis=3)", {"x": (2, 3, 4, 5), "y": (2, 3, 4, 2)}, 1)
for axis in (3, -3):
    _case(f"np.stack([x, y], axis={axis})", {"x": (2, 3, 4), "y": (2, 3, 4)}, 1)
for expr, arguments in [
    ("np.hstack([x, y])", {"x": (2, 3), "y": (2, 4)}),
    ("np.hstack([u, v])", {"u": (3,), "v": (4,)}),
    ("np.vstack([x, y])", {"x": (2, 3), "y": (4, 3)}),
    ("np.vstack([u, v])", {"u": (3,), "v": (3,)}),
    ("np.vstack([x, u])", {"x": (2, 3), "u": (3,)}),
    ("np.column_stack([u, v])", {"u": (3,), "v": (3,)}),
    ("np.column_stack([x, u])", {"x": (3, 2), "u": (3,)}),
    ("np.append(x, y, axis=1)", {"x": (2, 3), "y": (2, 4)}),
    ("np.append(x, y, axis=-2)", {"x": (2, 3), "y": (4, 3)}),
    ("np.split(x, 2, axis=2)[0]", {"x": (2, 3, 4)}),
    ("np.array_split(x, 2, axis=-3)[1]", {"x": (4, 3, 2)}),
]:
    _case(expr, arguments, 1)
for expr in (
    "np.split(x, 2)[0]",
    "np.split(x, 2, axis=-1)[1]",
    "np.array_split(x, 2, axis=1)[0]",
    "np.split(x, 2, axis=-2)[0]",
):
    _case(expr, {"x": (4, 6, 2)}, 1)
_case("np.where(np.asarray(x) > 0, x, y)", {"x": (2, 3), "y": (2, 3)})
_case("np.where(np.asarray(m) > 0, x, 0.0)", {"m": (3, 3), "x": (2, 3, 3)})


def einsum_size(letter: str) -> int:
    """A size per subscript letter, 2 to 6 (the same letter always the same size)."""
    return 2 + "abcdefghijklmnopqrstuvwxyz".index(letter) % 5


# the first spelling of every einsum rule (one overload each), and the ones users wrote in the corpus
for subscripts in dict.fromkeys(
    [spellings[0] for spellings, _ in einsum_groups(8)]
    + ["bsd,btd->bts", "shk,thk->hts", "bi,bj->bji", "hst,thk->shk", "nd,kd->nk", "bqhd,bkhd->bhqk", "bi,ij,bj->b"]
):
    terms, _ = einsum_shapes(subscripts)
    operands = {f"op{n}": tuple(einsum_size(c) for c in term) for n, term in enumerate(terms)}
    _case(f"np.einsum({subscripts!r}, {', '.join(operands)})", operands)
# issue 15: reductions over a literal tuple of axes (keepdims too), cov/corrcoef, outer, histogram
for name in ("sum", "mean", "std", "max", "any"):
    for axes, shape in [((0, 2, 3), (2, 3, 4, 5)), ((-2, -1), (2, 3, 4)), ((1, 2), (2, 3, 4, 5)), ((0, -1), (2, 3, 4)),
                        ((0, 1), (2, 3)), ((0, 1, 2, 3), (2, 3, 4, 5))]:  # fmt: skip
        _case(f"np.{name}(x, axis={axes})", {"x": shape})
    _case(f"np.{name}(x, axis=(1, 2), keepdims=True)", {"x": (2, 3, 4, 5)})
for expr in ("np.cov(x)", "np.cov(x, rowvar=False)", "np.corrcoef(x)", "np.corrcoef(x, rowvar=False)"):
    _case(expr, {"x": (3, 5)})
_case("np.cov(x)", {"x": (5,)})
_case("np.outer(x, y)", {"x": (3,), "y": (4,)})
_case("np.histogram(x)[0]", {"x": (20,)}, 1)
_case("np.histogram(x, bins=4, density=True)[1]", {"x": (3, 5)}, 1)
for a, b in [((5, 2, 3), (3, 4)), ((5, 2, 3), (3,)), ((3,), (5, 3, 4)), ((2, 3), (5, 3, 4))]:
    _case("np.matmul(a, b)", {"a": a, "b": b})
_case("np.dot(a, b)", {"a": (5, 2, 3), "b": (3, 4)})
for x, y in [
    ((2, 3), (2, 1)),
    ((2, 3), (1, 3)),
    ((4, 2, 3), (2, 3)),
    ((2, 3), ()),
    ((2, 3, 4), (1, 3, 4)),
    ((4, 2, 3), (1,)),
]:
    _case("np.add(x, y)", {"x": x, "y": y})
    _case("np.subtract(x, y)", {"x": x, "y": y})

# the NDArray surface's operators: size-1 axes on both sides (rank 3, and one operand an axis
# shorter), rows against columns, the one-sided rules (session 7)
for x, y in [
    ((3, 1, 1), (1, 4, 5)), ((1, 4, 5), (3, 1, 1)), ((3, 1, 1), (4, 5)), ((4, 5), (3, 1, 1)),
    ((2, 4, 1), (1, 4, 4)), ((1, 4, 4), (2, 4, 1)), ((2, 4, 1), (4, 4)), ((4, 4), (2, 4, 1)),
    ((2, 3, 4), (2, 1, 1)), ((2, 1, 1), (2, 3, 4)), ((2, 3, 1), (2, 1, 4)), ((3, 1), (1, 4)),
    ((1, 4), (3, 1)), ((2, 3), (3,)), ((2, 3), (2, 1)), ((5, 2, 3), (2, 3)),
]:  # fmt: skip
    _case("x * y", {"x": x, "y": y})
    _case("x - y", {"x": x, "y": y})
# indexing with an integer array (`y.argmax(axis=0)` of ones: zeros of shape (4,) or (3, 4))
for expr, arguments in [
    ("x[y.argmax(axis=0)]", {"x": (3, 5), "y": (2, 4)}),
    ("x[y.argmax(axis=0), :]", {"x": (3, 5), "y": (2, 4)}),
    ("x[:, y.argmax(axis=0)]", {"x": (3, 5), "y": (2, 4)}),
    ("x[..., y.argmax(axis=0)]", {"x": (3, 5), "y": (2, 4)}),
    ("x[y.argmax(axis=0), y.argmax(axis=0)]", {"x": (3, 5), "y": (2, 4)}),
    ("x[z.argmax(axis=0)]", {"x": (3, 5), "z": (2, 3, 4)}),
    ("x[:, z.argmax(axis=0)]", {"x": (3, 5), "z": (2, 3, 4)}),
    ("t[:, y.argmax(axis=0)]", {"t": (2, 3, 5), "y": (2, 4)}),
    ("t[y.argmax(axis=0)]", {"t": (2, 3, 5), "y": (2, 4)}),
]:
    _case(expr, arguments)

# issue 15: creation without a dtype keeps literal sizes; ranges, cumsum/cumprod, pad
for expr in ("np.zeros((2, 3))", "np.ones(4)", "np.empty((2, 3, 4))", "np.full((2, 3), 0.5)", "np.full(3, 1)",
             "np.eye(3)", "np.eye(2, 4)", "np.zeros(3, dtype=np.float32)"):  # fmt: skip
    _case(expr, {})
for expr in ("np.arange(5)", "np.arange(1, 7, 2)", "np.arange(0.0, 1.0, 0.25)", "np.linspace(0.0, 1.0, 5)",
             "np.linspace(0.0, 1.0, 4, dtype=np.float32)"):  # fmt: skip
    _case(expr, {}, 1)
for name in ("cumsum", "cumprod"):
    for axis in (0, 1, -1):
        _case(f"np.{name}(x, axis={axis})", {"x": (2, 3, 4)})
    _case(f"np.{name}(x)", {"x": (5,)})
    _case(f"np.{name}(x)", {"x": (2, 3)}, 1)
for shape in [(3,), (2, 3), (2, 3, 4)]:
    _case("np.pad(x, 1)", {"x": shape}, len(shape))


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
    match = re.search(r"(?:ShapedArray\[(?:[^\[\],]|\[[^\]]*\])+, |ndarray\[)tuple\[(.*)\]", revealed)
    if match is None:  # a numpy scalar (det of one matrix, norm without an axis): shape ()
        scalar = re.search(
            r'is "(floating|signedinteger|unsignedinteger|complexfloating|float64)(\[[^"]*\])?"$', revealed
        )
        return [] if scalar else None
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
    values: dict[str, Any] = {name: _value(shape) for name, shape in arguments.items()}
    with np.errstate(all="ignore"):  # arctanh(1.0) and the like: only the shape matters
        actual = np.shape(eval(expr, {"np": np, **values}))  # noqa: S307 (our own table)
    message = revealed[index]
    inferred = inferred_shape(message)
    assert inferred is not None, f"pyright inferred no shape for {expr}: {message}"
    assert len(inferred) == len(actual), f"{expr}: rank {len(inferred)} inferred, {len(actual)} real ({message})"
    for axis, (static, real) in enumerate(zip(inferred, actual)):
        assert static is None or static == real, f"{expr}: axis {axis} is {static} statically, {real} really"
    # only the joined axis of stack/concatenate may be unknown, and what a case says
    unknown = sum(static is None for static in inferred)
    allowed = UNKNOWN.get(
        expr + repr(sorted(arguments.items())), 1 if ("stack" in expr or "concatenate" in expr) else 0
    )
    assert unknown <= allowed, message


def _value(shape: tuple[int, ...]) -> Any:
    """Ones, plus the identity on square matrices (invertible, positive definite: linalg works)."""
    value = np.ones(shape, dtype=np.float32)
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        value = value + np.eye(shape[-1], dtype=np.float32)
    return value
