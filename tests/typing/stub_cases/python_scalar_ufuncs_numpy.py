"""A float ufunc of a Python number is a numpy scalar, as numpy returns (`np.log(2.0)` is a
float64, `np.log(True)` a float16), not numpy's stubs' Any: a log-density's constant term
`d * np.log(2 * np.pi)` no longer turns the array it is added to into Any, and a batch mismatch
after it is caught (the realworld corpus's Gaussian log-density)."""

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float64

B = DimensionVar("B")
D = DimensionVar("D")


def scalars() -> None:
    assert_type(np.log(2 * np.pi), np.float64)
    assert_type(np.sqrt(2), np.float64)
    assert_type(np.exp(-0.5), np.float64)
    assert_type(np.log(True), np.float16)
    assert_type(np.sqrt(-1 + 0j), np.complex128)


def log_density(maha: NDArray[float64, B], log_diag: NDArray[float64, B, D], x: NDArray[float64, B, D]) -> None:
    d = x.shape[-1]
    assert_type(-0.5 * (d * np.log(2 * np.pi) + maha), NDArray[float64, B])
    assert_type(-0.5 * (d * np.log(2 * np.pi) + maha) - np.sum(log_diag, axis=-1), NDArray[float64, B])
    -0.5 * (d * np.log(2 * np.pi) + maha) - np.sum(log_diag, axis=0)  # pyright: ignore[reportOperatorIssue]  # (B,) - (D,)
