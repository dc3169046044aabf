"""New axes to rank 3 and 4 and the broadcasting they meet (held-out corpora 4 and 3: Black-Scholes
on a (Spot, Strike, Mat) grid, per-sample and per-channel scales of image batches, rotary tables),
and a size-1 axis meeting a size of unknown value, which is that size, not 1."""

from typing import Any, Literal

from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float64

B = DimensionVar("B")
C = DimensionVar("C")
H = DimensionVar("H")
W = DimensionVar("W")
L1 = Literal[1]


def new_axes(a: NDArray[float64, B], ab: NDArray[float64, B, C], abc: NDArray[float64, B, C, H]) -> None:
    assert_type(a[None, None, :], NDArray[float64, L1, L1, B])
    assert_type(a[None, :, None, None], NDArray[float64, L1, B, L1, L1])
    assert_type(a[:, None, None, None], NDArray[float64, B, L1, L1, L1])
    assert_type(ab[None, :, None, :], NDArray[float64, L1, B, L1, C])
    assert_type(ab[:, :, None, None], NDArray[float64, B, C, L1, L1])
    assert_type(ab[:, None, None, :], NDArray[float64, B, L1, L1, C])
    assert_type(abc[:, None, :, :], NDArray[float64, B, L1, C, H])
    assert_type(abc[:, :, None, :], NDArray[float64, B, C, L1, H])
    assert_type(abc[..., None, :], NDArray[float64, B, C, L1, H])
    assert_type(ab[..., None, None], NDArray[float64, B, C, L1, L1])
    assert_type(ab[None, ..., None], NDArray[float64, L1, B, C, L1])


def black_scholes(spot: NDArray[float64, B], strike: NDArray[float64, C], tau: NDArray[float64, H]) -> NDArray[float64, B, C, H]:
    s, k, t = spot[:, None, None], strike[None, :, None], tau[None, None, :]
    d1 = (s / k + 0.5 * t) / t
    assert_type(d1, NDArray[float64, B, C, H])
    assert_type(t * d1, NDArray[float64, B, C, H])
    return d1


def rank4(x: NDArray[float64, B, C, H, W], scale: NDArray[float64, B], mean: NDArray[float64, C], mask: NDArray[float64, H, W], cos: NDArray[float64, C, W]) -> None:
    assert_type(x * scale[:, None, None, None], NDArray[float64, B, C, H, W])
    assert_type(scale[:, None, None, None] * x, NDArray[float64, B, C, H, W])
    assert_type(x - mean[None, :, None, None], NDArray[float64, B, C, H, W])
    assert_type(mean[None, :, None, None] - x, NDArray[float64, B, C, H, W])
    assert_type(x + mask[None, None, :, :], NDArray[float64, B, C, H, W])
    assert_type(x * cos[None, :, None, :], NDArray[float64, B, C, H, W])
    x - mean[:, None, None, None]  # pyright: ignore[reportOperatorIssue]  # C meets B
    x * scale[None, :, None, None]  # pyright: ignore[reportOperatorIssue]  # B meets C


def channel_scale(x: NDArray[float64, B, C, H], gamma: NDArray[float64, C], beta: NDArray[float64, H]) -> None:
    assert_type(x * gamma[None, :, None], NDArray[float64, B, C, H])
    assert_type(x / beta[None, None, :], NDArray[float64, B, C, H])
    assert_type(x / beta[None, :], NDArray[float64, B, C, H])
    x * beta[None, :, None]  # pyright: ignore[reportOperatorIssue]  # H meets C


def size_one_meets_any(p1: NDArray[float64, B, L1], pa: NDArray[float64, B, Any], unknown: NDArray[float64, Unpack[tuple[Any, ...]]]) -> None:
    assert_type(p1 - pa, NDArray[float64, B, Any])
    assert_type(pa - p1, NDArray[float64, B, Any])
    assert_type(p1 * unknown, NDArray[float64, B, Any])
    assert_type(p1 + p1, NDArray[float64, B, Any])  # two literal 1s: the 1 is lost to Any
