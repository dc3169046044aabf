"""The strongest jax stub test: for every stubbed jax.numpy / jax.nn function, the shape pyright
infers through the overlay equals the shape the real jax call returns, on example inputs."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

from ndtyping._overlay import build_overlay, supported

from .run_pyright import run_pyright
from .test_jax_stubs import jax_config
from .test_stub_shapes import inferred_shape

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
pytestmark = [pytest.mark.pyright, pytest.mark.skipif(not supported("jax"), reason="the jax overlay needs numpy >= 2.3")]

REDUCTIONS = ["sum", "prod", "mean", "std", "var", "max", "min", "any", "all", "argmax", "argmin"]
BINARY = ["add", "subtract", "multiply", "divide", "power", "maximum", "minimum"]
UNARY = ["exp", "log", "sin", "cos", "tan", "tanh", "sqrt", "log1p", "expm1", "floor", "ceil", "abs", "absolute", "negative", "square", "sign"]
ACTIVATIONS = ["relu", "relu6", "sigmoid", "silu", "swish", "softplus", "soft_sign", "selu", "log_sigmoid", "hard_tanh", "mish", "tanh", "gelu", "elu", "celu", "leaky_relu"]

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
    overlay = build_overlay(tmp / "overlay")
    lines = [
        "from typing import Literal",
        "import numpy as np",
        "import jax",
        "import jax.numpy as jnp",
        "from ndtyping import NDArray, float32",
        "",
    ]
    for index, (expr, arguments, _) in enumerate(CASES):
        params = ", ".join(f"{name}: {_annotation(shape)}" for name, shape in arguments.items())
        lines += [f"def case_{index}({params}) -> None:", f"    reveal_type({expr})  # case {index}", ""]
    case_file = tmp / "jax_shape_cases.py"
    case_file.write_text("\n".join(lines))
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    diagnostics = run_pyright([case_file], version, jax_config(tmp, overlay, strict=False), keep_information=True)
    errors = [d for d in diagnostics if d.severity == "error"]
    assert not errors, "\n".join(map(str, errors))
    by_line = {d.line: d.message for d in diagnostics if d.severity == "information"}
    return {index: by_line[lines.index(f"    reveal_type({expr})  # case {index}") + 1] for index, (expr, _, _) in enumerate(CASES)}


@pytest.mark.parametrize("index", range(len(CASES)), ids=[expr for expr, _, _ in CASES])
def test_inferred_shape_matches_jax(index: int, revealed: dict[int, str]) -> None:
    expr, arguments, may_be_unknown = CASES[index]
    values: dict[str, Any] = {name: jnp.ones(shape, dtype=jnp.float32) for name, shape in arguments.items()}
    result = eval(expr, {"jnp": jnp, "jax": jax, "np": np, **values})  # noqa: S307 (our own table)
    message = revealed[index]
    assert message.startswith('Type of "') and "_NdtJaxArray[" in message, f"{expr}: no shape typed: {message}"
    inferred = inferred_shape(message.replace("_NdtJaxArray[", "ShapedArray["))
    assert inferred is not None, f"pyright inferred no shape for {expr}: {message}"
    assert len(inferred) == result.ndim, f"{expr}: rank {len(inferred)} inferred, {result.ndim} real ({message})"
    for axis, (static, real) in enumerate(zip(inferred, result.shape)):
        assert static is None or static == real, f"{expr}: axis {axis} is {static} statically, {real} really"
    assert sum(static is None for static in inferred) <= may_be_unknown, message
    dtype = DTYPE_NAMES.get(str(result.dtype))
    assert dtype is not None and f"_NdtJaxArray[{dtype}, " in message, f"{expr}: jax returns {result.dtype}: {message}"
