"""The dtype half of the stub test: for every elementwise ufunc the overlay types, on every dtype
family, the dtype pyright infers accepts the dtype numpy really returns (`exp` of an int64 array
is float64, of an int8 array float16; `divide` of integers is a float; `absolute` of complex64 is
float32), and the overlay really types the result (a ShapedArray, not numpy's fallback) where it
claims to: arrays of the same dtype, and an array with a Python scalar of its kind."""

from __future__ import annotations

import warnings
from typing import Any, Optional

import numpy as np
import pytest

from ndtyping._static.overlay import build_overlay, supported

from .dtype_cases import case_id, check_case, elementwise_cases, run_cases
from .test_stub_shapes import BINARY, UNARY
from .test_stubs import config

pytestmark = [
    pytest.mark.pyright,
    pytest.mark.skipif(not supported("numpy"), reason="the numpy overlay needs numpy >= 2.3"),
]

DTYPES = ["float32", "float64", "complex64", "int64", "int8", "uint8", "bool"]
TYPED = {"float32", "float64", "int64", "int8"}  # the families every overlay class covers


def _real_dtype(expr: str, arguments: dict[str, tuple[str, tuple[int, ...]]]) -> Optional[str]:
    """numpy's result dtype, or None where numpy refuses the call (bool - bool, cbrt of complex)."""
    values = {name: np.ones(shape, dtype=dtype) for name, (dtype, shape) in arguments.items()}
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return str(eval(expr, {"np": np, **values}).dtype)  # noqa: S307 (our own table)
        except TypeError:
            return None


CASES = elementwise_cases("np", UNARY, BINARY, DTYPES, TYPED, _real_dtype)


@pytest.fixture(scope="module")
def pyright_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict[int, list[Any]]]:
    tmp = tmp_path_factory.mktemp("dtypes")
    overlay = build_overlay(tmp / "overlay")
    return run_cases(CASES, ["import numpy as np"], tmp, config(tmp, overlay, strict=False))


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(case) for case in CASES])
def test_inferred_dtype_accepts_numpy_result(index: int, pyright_run: tuple[list[str], dict[int, list[Any]]]) -> None:
    check_case(CASES[index], index, pyright_run, "ShapedArray[", "numpy")
