"""The strongest jax stub test: for every stubbed jax.numpy / jax.nn function, the shape pyright
infers through the overlay equals the shape the real jax call returns, on example inputs."""

from __future__ import annotations

import sys
from itertools import permutations
from typing import Any

import numpy as np
import pytest

from ndtyping._static.einsum_rules import collect_einsum_spellings
from ndtyping._static.overlay import build_overlay, supported

from .run_pyright import run_pyright
from .test_jax_stubs import jax_config
from .test_stub_shapes import einsum_groups, einsum_shapes, einsum_size, inferred_shape

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
pytest.importorskip("jax.scipy.linalg")  # jax.scipy.linalg.cho_solve in the cases
pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(not supported("jax"), reason="the jax overlay needs numpy >= 2.3"),
]

REDUCTIONS = ["sum", "prod", "mean", "std", "var", "max", "min", "any", "all", "argmax", "argmin"]
BINARY = ["add", "subtract", "multiply", "divide", "power", "maximum", "minimum"]
UNARY = [
    "exp",
    "log",
    "sin",
    "cos",
    "tan",
    "tanh",
    "sqrt",
    "log1p",
    "expm1",
    "floor",
    "ceil",
    "abs",
    "absolute",
    "negative",
    "square",
    "sign",
]
ACTIVATIONS = [
    "relu",
    "relu6",
    "sigmoid",
    "silu",
    "swish",
    "softplus",
    "soft_sign",
    "selu",
    "log_sigmoid",
    "hard_tanh",
    "mish",
    "tanh",
    "gelu",
    "elu",
    "celu",
    "leaky_relu",
]

# (expression, {argument: shape}, axes whose size may be unknown statically); arguments are float32
CASES: list[tuple[str, dict[str, tuple[int, ...]], int]] = []
for name in REDUCTIONS:
    CASES.append((f"jnp.{name}(x)", {"x": (2, 3, 4)}, 0))
    for axis in (0, 1, 2, -1, -2, -3):
        CASES.append((f"jnp.{name}(x, axis={axis})", {"x": (2, 3, 4)}, 0))
    CASES.append((f"jnp.{name}(x, axis=3)", {"x": (2, 3, 4, 5)}, 0))
    CASES.append((f"jnp.{name}(x, axis=-4, keepdims=True)", {"x": (2, 3, 4, 5)}, 0))
    CASES.append((f"jnp.{name}(x, axis=1, keepdims=True)", {"x": (2, 3, 4)}, 0))
    CASES.append((f"jnp.{name}(x, axis=-1, keepdims=True)", {"x": (2, 3)}, 0))
    CASES.append((f"jnp.{name}(x, axis=0)", {"x": (5,)}, 0))
for rank in range(1, 5):
    CASES.append(("jnp.transpose(x)", {"x": (2, 3, 4, 5)[:rank]}, 0))
for i, j in [(0, 1), (1, 0), (0, 2), (2, 1), (-1, -2), (0, -1)]:
    CASES.append((f"jnp.swapaxes(x, {i}, {j})", {"x": (2, 3, 4)}, 0))
    CASES.append((f"jnp.moveaxis(x, {i}, {j})", {"x": (2, 3, 4)}, 0))
CASES.append(("jnp.swapaxes(x, 1, -1)", {"x": (2, 3, 4, 5)}, 0))
CASES.append(("jnp.moveaxis(x, -1, 0)", {"x": (2, 3)}, 0))
for axis in (0, 1, 2, -1, -2, -3):
    CASES.append((f"jnp.expand_dims(x, {axis})", {"x": (2, 3)}, 0))
for axis, shape in [(0, (1, 3, 4)), (1, (2, 1, 4)), (-1, (2, 3, 1)), (-2, (2, 1, 4))]:
    CASES.append((f"jnp.squeeze(x, axis={axis})", {"x": shape}, 0))
CASES += [
    ("jnp.reshape(x, (6,))", {"x": (2, 3)}, 0),
    ("jnp.reshape(x, (3, 2))", {"x": (2, 3)}, 0),
    ("jnp.reshape(x, (1, 2, 3, 1))", {"x": (2, 3)}, 0),
    ("jnp.reshape(x, (-1,))", {"x": (2, 3)}, 1),
    ("jnp.reshape(x, (3, -1))", {"x": (2, 3)}, 2),
    ("jnp.reshape(x, (2, -1, 1))", {"x": (2, 3)}, 3),
]
for left, right in [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4))]:
    CASES.append(("jnp.dot(a, b)", {"a": left, "b": right}, 0))
    CASES.append(("jnp.matmul(a, b)", {"a": left, "b": right}, 0))
CASES.append(("jnp.matmul(a, b)", {"a": (5, 2, 3), "b": (5, 3, 4)}, 0))
CASES.append(("jnp.vecdot(a, b)", {"a": (2, 3), "b": (2, 3)}, 0))
CASES.append(("jnp.vecdot(a, b)", {"a": (3,), "b": (3,)}, 0))
for name in BINARY:
    CASES.append((f"jnp.{name}(x, y)", {"x": (2, 3), "y": (2, 3)}, 0))
    CASES.append((f"jnp.{name}(x, 2.0)", {"x": (2, 3)}, 0))
    CASES.append((f"jnp.{name}(2.0, x)", {"x": (2, 3)}, 0))
    CASES.append((f"jnp.{name}(x, v)", {"x": (4, 2, 3), "v": (3,)}, 0))
for name in UNARY:
    CASES.append((f"jnp.{name}(x)", {"x": (2, 3)}, 0))
for name in ACTIVATIONS:
    CASES.append((f"jax.nn.{name}(x)", {"x": (2, 3)}, 0))
CASES += [
    ("jax.nn.softmax(x)", {"x": (2, 3)}, 0),
    ("jax.nn.softmax(x, axis=0)", {"x": (2, 3)}, 0),
    ("jax.nn.log_softmax(x, axis=-1)", {"x": (2, 3, 4)}, 0),
    ("jnp.clip(x, 0.0, 1.0)", {"x": (2, 3)}, 0),
    ("jnp.clip(x, max=1.0)", {"x": (2, 3)}, 0),
    ("jnp.where(x > 0, x, y)", {"x": (2, 3), "y": (2, 3)}, 0),
    ("jnp.where(x > 0, x, 0.0)", {"x": (2, 3)}, 0),
    ("jnp.where(x > 0, 1.0, x)", {"x": (2, 3)}, 0),
    ("jnp.zeros_like(x)", {"x": (2, 3)}, 0),
    ("jnp.ones_like(x)", {"x": (2, 3)}, 0),
    ("jnp.empty_like(x)", {"x": (2, 3)}, 0),
    ("jnp.full_like(x, 1.0)", {"x": (2, 3)}, 0),
    ("jnp.zeros_like(x, dtype=np.int8)", {"x": (2, 3)}, 0),
    ("jnp.zeros((2, 3))", {}, 0),
    ("jnp.ones((4,), dtype=np.int8)", {}, 0),
    ("jnp.empty((2, 3, 4))", {}, 0),
    ("jnp.zeros(5)", {}, 1),
    ("jnp.full((2, 3), 1.5)", {}, 0),
    ("jnp.full((2, 3), 7)", {}, 0),
    ("jnp.full((2,), True)", {}, 0),
    ("jnp.eye(3)", {}, 2),
    ("jnp.eye(3, 4, dtype=np.int32)", {}, 2),
    ("jnp.arange(5)", {}, 1),
    ("jnp.arange(1.0, 2.0, 0.25)", {}, 1),
    ("jnp.stack([x, y])", {"x": (2, 3), "y": (2, 3)}, 1),
    ("jnp.stack([x, y], axis=-1)", {"x": (2, 3), "y": (2, 3)}, 1),
    ("jnp.concatenate([x, y])", {"x": (2, 3), "y": (4, 3)}, 1),
    ("jnp.concatenate([x, y], axis=-1)", {"x": (2, 3), "y": (2, 4)}, 1),
]
# issue 15: jnp.linalg, jax.lax, layout with an axes tuple, joins at other axes, split, einsum,
# where with a jax mask, more products
for a in [(3, 3), (2, 3, 3)]:
    for expr in ("jnp.linalg.inv(a)", "jnp.linalg.det(a)", "jnp.linalg.cholesky(a)", "jnp.linalg.matrix_power(a, 3)",
                 "jnp.linalg.slogdet(a).sign", "jnp.linalg.slogdet(a).logabsdet", "jnp.linalg.eigh(a).eigenvalues",
                 "jnp.linalg.eigh(a)[1]", "jnp.linalg.svd(a).S", "jnp.linalg.svd(a).U", "jnp.linalg.qr(a).R",
                 "jnp.linalg.norm(a, axis=-1)", "jnp.linalg.norm(a, axis=(-2, -1))", "jnp.linalg.pinv(a)"):  # fmt: skip
        CASES.append((expr, {"a": a}, 0))
for a, b in [((3, 3), (3, 2)), ((2, 3, 3), (2, 3, 4)), ((2, 3, 3), (3,))]:
    CASES.append(("jnp.linalg.solve(a, b)", {"a": a, "b": b}, 0))
for expr, unknown in [("jnp.linalg.svd(a).Vh", 0), ("jnp.linalg.svd(a, full_matrices=False).U", 1),
                      ("jnp.linalg.svd(a, compute_uv=False)", 1), ("jnp.linalg.qr(a).Q", 1), ("jnp.linalg.norm(a)", 0),
                      ("jnp.linalg.norm(a, axis=0)", 0), ("jnp.linalg.norm(a, axis=-1, keepdims=True)", 0)]:  # fmt: skip
    CASES.append((expr, {"a": (4, 3)}, unknown))
CASES.append(("jnp.linalg.lstsq(a, b)[0]", {"a": (4, 3), "b": (4, 2)}, 0))
CASES.append(("jnp.linalg.norm(a, axis=1, keepdims=True)", {"a": (4, 3)}, 0))
CASES.append(("jnp.linalg.norm(a, axis=-2, keepdims=True)", {"a": (2, 3, 4)}, 0))
for name in ("rsqrt", "exp", "tanh", "logistic", "abs", "neg"):
    CASES.append((f"jax.lax.{name}(x)", {"x": (2, 3)}, 0))
CASES += [
    ("jax.lax.add(x, y)", {"x": (2, 3), "y": (2, 3)}, 0),
    ("jax.lax.select(x > 0, x, y)", {"x": (2, 3), "y": (2, 3)}, 0),
    ("jax.lax.scan(lambda c, t: (c, t * 2.0), 0.0, x)[1]", {"x": (4, 3)}, 2),
    ("jnp.where(jnp.asarray(x) > 0, x, y)", {"x": (2, 3), "y": (2, 3)}, 0),
    ("jnp.where(jnp.asarray(m) > 0, x, 0.0)", {"m": (3, 3), "x": (2, 3, 3)}, 0),
    # segment reductions: a literal count, or one read from another array's shape (the last Literal
    # axis of y's shape names its size)
    ("jax.ops.segment_sum(x, jnp.array([0, 1, 1, 2]), num_segments=3)", {"x": (4, 2)}, 0),
    ("jax.ops.segment_max(x, jnp.array([0, 1, 1, 0]), 2)", {"x": (4, 2, 5)}, 0),
    ("jax.ops.segment_sum(x, jnp.array([0, 1, 1, 2]), num_segments=y.shape[0])", {"x": (4, 2), "y": (3, 2)}, 0),
    # jax's own dtype objects solve a dtype as numpy's scalar types do
    ("jnp.zeros((2, 3), dtype=jnp.float32)", {}, 0),
    ("jnp.ones((4,), dtype=jnp.int32)", {}, 0),
    ("jnp.ones_like(x, dtype=jnp.int32)", {"x": (2, 3)}, 0),
    ("jnp.zeros_like(x, dtype=jnp.float32)", {"x": (2, 3)}, 0),
]
for shape in [(2, 3), (2, 3, 4), (2, 3, 4, 5)]:
    for axes in permutations(range(len(shape))):
        CASES.append((f"jnp.transpose(x, {axes})", {"x": shape}, 0))
for axis in (1, -2, 2):
    CASES.append((f"jnp.stack([x, y], axis={axis})", {"x": (2, 3), "y": (2, 3)}, 1))
CASES.append(("jnp.concatenate([x, y], axis=1)", {"x": (2, 3, 4), "y": (2, 5, 4)}, 1))
CASES.append(("jnp.concatenate([x, y], axis=-2)", {"x": (2, 3, 4), "y": (2, 5, 4)}, 1))
# issue 15 (joins): every literal axis the overlay types, the stacking spellings, append with an axis
for expr, arguments in [
    ("jnp.concatenate([x, y], axis=2)", {"x": (2, 3, 4), "y": (2, 3, 5)}),
    ("jnp.concatenate((x, y, x), axis=-3)", {"x": (2, 3, 4), "y": (5, 3, 4)}),
    ("jnp.stack([x, y], axis=3)", {"x": (2, 3, 4), "y": (2, 3, 4)}),
    ("jnp.stack([x, y], axis=-3)", {"x": (2, 3, 4), "y": (2, 3, 4)}),
    ("jnp.hstack([x, y])", {"x": (2, 3), "y": (2, 4)}),
    ("jnp.hstack([u, v])", {"u": (3,), "v": (4,)}),
    ("jnp.vstack([x, y])", {"x": (2, 3), "y": (4, 3)}),
    ("jnp.vstack([x, u])", {"x": (2, 3), "u": (3,)}),
    ("jnp.column_stack([u, v])", {"u": (3,), "v": (3,)}),
    ("jnp.append(x, y, axis=1)", {"x": (2, 3), "y": (2, 4)}),
    ("jnp.array_split(x, 2, axis=2)[0]", {"x": (2, 3, 4)}),
]:
    CASES.append((expr, arguments, 1))
for expr in (
    "jnp.split(x, 2)[0]",
    "jnp.split(x, 2, axis=-1)[1]",
    "jnp.split(x, 2, axis=1)[0]",
    "jnp.split(x, 2, axis=-2)[0]",
):
    CASES.append((expr, {"x": (4, 6, 2)}, 1))
for subscripts in [spellings[0] for spellings, _ in einsum_groups(5)]:  # one spelling per rule
    terms, _ = einsum_shapes(subscripts)
    operands = {f"op{n}": tuple(einsum_size(c) for c in term) for n, term in enumerate(terms)}
    CASES.append((f"jnp.einsum({subscripts!r}, {', '.join(operands)})", operands, 0))
for a, b in [((5, 2, 3), (3, 4)), ((5, 2, 3), (3,)), ((3,), (5, 3, 4)), ((2, 3), (5, 3, 4))]:
    CASES.append(("jnp.matmul(a, b)", {"a": a, "b": b}, 0))
CASES.append(("jnp.dot(a, b)", {"a": (5, 2, 3), "b": (3, 4)}, 0))

# methods and operators of a jax result follow NDArray's rules and give jax arrays again
CASES += [
    ("jnp.dot(a, b).T", {"a": (2, 3), "b": (3, 4)}, 0),
    ("jnp.tanh(x).mean(axis=0)", {"x": (2, 3)}, 0),
    ("jnp.exp(x).sum(axis=-1, keepdims=True)", {"x": (2, 3)}, 0),
    ("jnp.exp(x) + jnp.exp(x)", {"x": (2, 3)}, 0),
    ("-jnp.exp(x)", {"x": (2, 3)}, 0),
    ("jnp.exp(x)[:, 0]", {"x": (2, 3)}, 0),
    ("jnp.exp(x)[:, None]", {"x": (2, 3)}, 0),
    ("jnp.exp(x) > 0", {"x": (2, 3)}, 0),
    ("jnp.exp(x) <= jnp.exp(x)", {"x": (2, 3)}, 0),
    ("jnp.argmax(x, axis=-1).mean()", {"x": (2, 3)}, 0),
    ("jnp.exp(x) @ jnp.exp(x).T", {"x": (2, 3)}, 0),
    ("jnp.exp(x).swapaxes(0, 1)", {"x": (2, 3)}, 0),
    ("jnp.argmax(x, axis=-1) / 2", {"x": (2, 3)}, 0),  # true division of integers: float32
    ("jnp.argmax(x, axis=-1) / jnp.argmax(x, axis=-1).sum()", {"x": (2, 3)}, 0),
    ("jnp.exp(x) / jnp.exp(x).sum(axis=-1, keepdims=True)", {"x": (2, 3)}, 0),
]

# reductions over a tuple of axes (the tuples of gen_jax_overlay_templates.TUPLE_AXES)
for name in ("sum", "mean", "std", "var", "max", "min", "prod", "any", "all"):
    for axes in (
        (0, 1),
        (1, 2),
        (2, 3),
        (0, 2),
        (0, 1, 2),
        (1, 2, 3),
        (0, 2, 3),
        (-2, -1),
        (-3, -2),
        (-3, -2, -1),
        (-4, -3),
    ):
        CASES.append((f"jnp.{name}(x, axis={axes})", {"x": (2, 3, 4, 5)}, 0))
    CASES.append((f"jnp.{name}(x, axis=(0, 1), keepdims=True)", {"x": (2, 3, 4)}, 0))
    CASES.append((f"jnp.{name}(x, axis=(-2, -1), keepdims=True)", {"x": (2, 3, 4)}, 0))
CASES.append(("jnp.mean(x, axis=(0, 1, 2))", {"x": (2, 3, 4)}, 0))

# functions that keep the shape (rounding, sorting, cumulative sums, flips) and bincount
CASES += [
    ("jnp.round(x)", {"x": (2, 3)}, 0),
    ("jnp.round(x, 2)", {"x": (2, 3)}, 0),
    ("jnp.around(x)", {"x": (2, 3)}, 0),
    ("jnp.rint(x)", {"x": (2, 3)}, 0),
    ("jnp.tril(x)", {"x": (3, 3)}, 0),
    ("jnp.triu(x, 1)", {"x": (3, 3)}, 0),
    ("jnp.flip(x, axis=1)", {"x": (2, 3)}, 0),
    ("jnp.flip(x)", {"x": (2, 3)}, 0),
    ("jnp.sort(x)", {"x": (2, 3)}, 0),
    ("jnp.sort(x, axis=0)", {"x": (2, 3)}, 0),
    ("jnp.sort(x, axis=None)", {"x": (2, 3)}, 1),
    ("jnp.argsort(x)", {"x": (2, 3)}, 0),
    ("jnp.argsort(x, axis=0)", {"x": (2, 3)}, 0),
    ("jnp.argsort(-x, axis=-1)", {"x": (2, 3)}, 0),
    ("jnp.cumsum(x, axis=0)", {"x": (2, 3)}, 0),
    ("jnp.cumsum(x > 0, axis=1)", {"x": (2, 3)}, 0),
    ("jnp.cumprod(x, axis=-1)", {"x": (2, 3)}, 0),
    ("jnp.cumsum(x)", {"x": (2, 3)}, 1),
    ("jnp.clip(jnp.round(x / 2.0), -128, 127)", {"x": (2, 3)}, 0),
    ("jnp.bincount(jnp.argmax(x, axis=-1), length=3)", {"x": (2, 3)}, 1),
    ("jnp.bincount(jnp.argmax(x, axis=0), weights=x[0], length=4)", {"x": (2, 3)}, 1),
]

# jax.random.categorical (the sampled axis dropped), jax.scipy.linalg's triangular solves
for axis in (0, 1, -1, -2):
    CASES.append((f"jax.random.categorical(jax.random.PRNGKey(0), x, axis={axis})", {"x": (2, 3)}, 0))
CASES.append(("jax.random.categorical(jax.random.PRNGKey(0), x)", {"x": (4, 2, 3)}, 0))
CASES.append(("jax.lax.top_k(x, 2)[0]", {"x": (4, 3)}, 1))
CASES.append(("jax.lax.top_k(x, 2)[1]", {"x": (4, 3)}, 1))
for b in [(3,), (3, 2)]:
    CASES.append(("jax.scipy.linalg.cho_solve((a, True), b)", {"a": (3, 3), "b": b}, 0))
    CASES.append(("jax.scipy.linalg.solve_triangular(a, b, lower=True)", {"a": (3, 3), "b": b}, 0))
    # the factorisations keep the square shape, so the solves that take them do too
    CASES.append(
        ("jax.scipy.linalg.cho_solve(jax.scipy.linalg.cho_factor(a, lower=True), b)", {"a": (3, 3), "b": b}, 0)
    )
    CASES.append(("jax.scipy.linalg.lu_solve(jax.scipy.linalg.lu_factor(a), b)", {"a": (3, 3), "b": b}, 0))
CASES.append(("jax.scipy.linalg.cholesky(a, lower=True)", {"a": (3, 3)}, 0))
CASES.append(("jax.scipy.linalg.cho_factor(a)[0]", {"a": (3, 3)}, 0))
CASES.append(("jax.scipy.linalg.lu_factor(a)[0]", {"a": (3, 3)}, 0))
CASES.append(("jax.scipy.linalg.lu_factor(a)[1]", {"a": (3, 3)}, 0))

# what pyright prints for the dtypes jax returns here
DTYPE_NAMES = {
    "float32": "floating[_32Bit]", "int32": "signedinteger[_32Bit]", "int8": "signedinteger[_8Bit]",
    "bool": "numpy.bool[builtins.bool]",
}  # fmt: skip


def _annotation(shape: tuple[int, ...]) -> str:
    dims = ", ".join(f"Literal[{n}]" for n in shape)
    return f"NDArray[float32, {dims}]" if dims else "NDArray[float32]"


@pytest.fixture(scope="module")
def revealed(tmp_path_factory: pytest.TempPathFactory) -> dict[int, str]:
    tmp = tmp_path_factory.mktemp("jax-shapes")
    lines = [
        "from typing import Literal",
        "import numpy as np",
        "import jax",
        "import jax.numpy as jnp",
        "import jax.scipy.linalg",
        "from ndtyping import NDArray, float32",
        "",
    ]
    for index, (expr, arguments, _) in enumerate(CASES):
        params = ", ".join(f"{name}: {_annotation(shape)}" for name, shape in arguments.items())
        lines += [f"def case_{index}({params}) -> None:", f"    reveal_type({expr})  # case {index}", ""]
    case_file = tmp / "jax_shape_cases.py"
    case_file.write_text("\n".join(lines))
    # jnp.einsum's spellings beyond the shipped patterns are typed from the project's own calls, as
    # `ndtyping check` collects them: here, the case file is the project
    overlay = build_overlay(tmp / "overlay", einsum=collect_einsum_spellings([case_file]))
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    diagnostics = run_pyright([case_file], version, jax_config(tmp, overlay, strict=False), keep_information=True)
    errors = [d for d in diagnostics if d.severity == "error"]
    assert not errors, "\n".join(map(str, errors))
    by_line = {d.line: d.message for d in diagnostics if d.severity == "information"}
    return {
        index: by_line[lines.index(f"    reveal_type({expr})  # case {index}") + 1]
        for index, (expr, _, _) in enumerate(CASES)
    }


@pytest.mark.parametrize("index", range(len(CASES)), ids=[expr for expr, _, _ in CASES])
def test_inferred_shape_matches_jax(index: int, revealed: dict[int, str]) -> None:
    expr, arguments, may_be_unknown = CASES[index]
    values: dict[str, Any] = {name: _value(shape) for name, shape in arguments.items()}
    result = eval(expr, {"jnp": jnp, "jax": jax, "np": np, **values})  # noqa: S307 (our own table)
    message = revealed[index]
    assert message.startswith('Type of "') and "ShapedJaxArray[" in message, f"{expr}: no shape typed: {message}"
    inferred = inferred_shape(message.replace("ShapedJaxArray[", "ShapedArray["))
    assert inferred is not None, f"pyright inferred no shape for {expr}: {message}"
    assert len(inferred) == result.ndim, f"{expr}: rank {len(inferred)} inferred, {result.ndim} real ({message})"
    for axis, (static, real) in enumerate(zip(inferred, result.shape)):
        assert static is None or static == real, f"{expr}: axis {axis} is {static} statically, {real} really"
    assert sum(static is None for static in inferred) <= may_be_unknown, message
    dtype = DTYPE_NAMES.get(str(result.dtype))
    assert dtype is not None and f"ShapedJaxArray[{dtype}, " in message, (
        f"{expr}: jax returns {result.dtype}: {message}"
    )


def _value(shape: tuple[int, ...]) -> Any:
    """Ones, plus the identity on square matrices (invertible, positive definite: linalg works)."""
    value = jnp.ones(shape, dtype=jnp.float32)
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        value = value + jnp.eye(shape[-1], dtype=jnp.float32)
    return value
