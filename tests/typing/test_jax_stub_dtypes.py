"""The dtype half of the jax stub test: for every elementwise jax.numpy function the overlay types,
on seven dtypes, the dtype pyright infers accepts the dtype jax really returns (without x64: `exp`
of an int8 array is float32, `floor` keeps an integer dtype, `bool + 2` is int32, `abs` of
complex64 is float32), and the overlay types the result where it claims to (floats and integers,
with an array of the same dtype or a Python scalar of its kind)."""

from __future__ import annotations

from typing import Any, Optional

import pytest

from ndtyping._static.overlay import build_overlay, supported

from .dtype_cases import case_id, check_case, elementwise_cases, run_cases
from .test_jax_stub_shapes import BINARY, UNARY
from .test_jax_stubs import jax_config

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(not supported("jax"), reason="the jax overlay needs numpy >= 2.3"),
]

DTYPES = ["float32", "float16", "complex64", "int32", "int8", "uint8", "bool"]
TYPED = {"float32", "float16", "int32", "int8", "uint8"}


def _real_dtype(expr: str, arguments: dict[str, tuple[str, tuple[int, ...]]]) -> Optional[str]:
    """jax's result dtype, or None where jax refuses the call (negative of bool)."""
    values = {name: jnp.ones(shape, dtype=dtype) for name, (dtype, shape) in arguments.items()}
    try:
        return str(eval(expr, {"jnp": jnp, **values}).dtype)  # noqa: S307 (our own table)
    except (TypeError, ValueError):
        return None


CASES = elementwise_cases("jnp", UNARY, BINARY, DTYPES, TYPED, _real_dtype)


@pytest.fixture(scope="module")
def pyright_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict[int, list[Any]]]:
    tmp = tmp_path_factory.mktemp("jax-dtypes")
    overlay = build_overlay(tmp / "overlay")
    imports = ["import numpy as np", "import jax.numpy as jnp"]
    return run_cases(CASES, imports, tmp, jax_config(tmp, overlay, strict=False))


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(case) for case in CASES])
def test_inferred_dtype_accepts_jax_result(index: int, pyright_run: tuple[list[str], dict[int, list[Any]]]) -> None:
    check_case(CASES[index], index, pyright_run, "ShapedJaxArray[", "jax")
