"""Reductions over a tuple of literal axes drop exactly those axes (keepdims: make them 1), counted
from the front or from the back, for every method reduction; another tuple gives an unknown shape."""

from typing import Any, Literal

import numpy as np
from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32, float64, int64

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")
L1 = Literal[1]


def front(x: NDArray[float32, B, H, W, C]) -> None:
    assert_type(x.mean(axis=(1, 2)), NDArray[float32, B, C])
    assert_type(x.std(axis=(0, 2, 3)), NDArray[float32, H])
    assert_type(x.var(axis=(0, 1, 2)), NDArray[float32, C])
    assert_type(x.sum(axis=(0, 3)), NDArray[float32, H, W])
    assert_type(x.max(axis=(0, 1), keepdims=True), NDArray[float32, L1, L1, W, C])
    assert_type(x.any(axis=(2, 3)), NDArray[bool_, B, H])
    wrong: NDArray[float32, B, W] = x.mean(axis=(2, 3))  # pyright: ignore[reportAssignmentType]  # (B, H)


def back(x: NDArray[float32, B, H, W, C]) -> None:
    assert_type(x.sum(axis=(-2, -1)), NDArray[float32, B, H])
    assert_type(x.sum(axis=(-1, -2)), NDArray[float32, B, H])
    assert_type(x.min(axis=(-3, -2), keepdims=True), NDArray[float32, B, L1, L1, C])
    assert_type(x.prod(axis=(-4, -3, -2)), NDArray[float32, C])


def rank_agnostic(x: NDArray[float32, B, H, W]) -> None:
    assert_type(x.mean(axis=(0, 1)), NDArray[float32, W])
    assert_type(x.mean(axis=(-2, -1)), NDArray[float32, B])


def integers(i: NDArray[int64, B, H, W]) -> None:
    assert_type(i.mean(axis=(1, 2)), NDArray[float64, B])
    assert_type(i.argmax(axis=-1), NDArray[np.intp, B, H])


def unknown(x: NDArray[float32, B, H, W], axes: tuple[int, int]) -> None:
    assert_type(x.mean(axis=axes), NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(x.mean(axis=(0, -1)), NDArray[float32, Unpack[tuple[Any, ...]]])  # mixed: no rule
