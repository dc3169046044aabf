# case requires: numpy >= 2.3 -- numpy < 2.3 types an unknown shape as tuple[int, ...], which pyright never matches to a fixed rank
"""An operand of unknown shape (a module-level np.array, npt.NDArray) on either side of `@` gives an
unknown shape: read gradually as a matrix, `img @ LUMA` had one axis too many."""

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float32

H = DimensionVar("H")
W = DimensionVar("W")
D = DimensionVar("D")
E = DimensionVar("E")
L3 = Literal[3]

LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)


def luminance(img: NDArray[float32, H, W, L3]) -> NDArray[float32, H, W]:
    assert_type(img @ LUMA, NDArray[float32, Unpack[tuple[Any, ...]]])
    return img @ LUMA


def unknown_right(x: NDArray[float32, H, D], m: npt.NDArray[np.float32]) -> NDArray[float32, H, Any, Any]:
    return x @ m  # unknown: any rank is possible


def known_shapes_still_checked(x: NDArray[float32, H, D], w: NDArray[float32, D, E]) -> None:
    assert_type(x @ w, NDArray[float32, H, E])
    w @ x  # pyright: ignore[reportOperatorIssue]  # (D, E) @ (H, D)
