"""Slices of literal bounds keep a known size (held-out corpora 2 to 5: boxes `b[:, :2]`, pixels
`pix[..., :2] / pix[..., 2:3]`, homogeneous matrices `m[:3, :3]`, `pts[..., :-1]`), so a clash
after them is an error; a slice whose bound is an `int` keeps an unknown size."""

from typing import Any, Literal

from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
M = DimensionVar("M")
L1 = Literal[1]
L2 = Literal[2]
L3 = Literal[3]
L4 = Literal[4]


def stops(boxes: NDArray[float32, N, L4], m: NDArray[float32, L4, L4], v: NDArray[float32, N], n: int) -> None:
    assert_type(boxes[:, :2], NDArray[float32, N, L2])
    assert_type(boxes[:, 0:2], NDArray[float32, N, L2])
    assert_type(v[:3], NDArray[float32, L3])
    assert_type(m[:3, :3], NDArray[float32, L3, L3])
    assert_type(m[:3, 3], NDArray[float32, L3])
    assert_type(m[3, :3], NDArray[float32, L3])
    assert_type(m[:3, :], NDArray[float32, L3, L4])
    assert_type(m[:3], NDArray[float32, L3, L4])
    # an `int` bound, or a step: an unknown size
    assert_type(boxes[:, :n], NDArray[float32, N, Any])
    assert_type(v[:n], NDArray[float32, Any])
    assert_type(v[::2], NDArray[float32, Any])


def starts_and_ranges(boxes: NDArray[float32, N, L4], pix: NDArray[float32, N, M, L3], pts: NDArray[float32, N, L4]) -> None:
    assert_type(boxes[:, 2:], NDArray[float32, N, L2])
    assert_type(boxes[:, 1:3], NDArray[float32, N, L2])
    assert_type(boxes[:, -2:], NDArray[float32, N, L2])
    assert_type(pts[:, :-1], NDArray[float32, N, L3])
    assert_type(pts[:, 3:], NDArray[float32, N, L1])
    assert_type(pix[..., :2], NDArray[float32, N, M, L2])
    assert_type(pix[..., 2:3], NDArray[float32, N, M, L1])
    assert_type(pix[..., :2] / pix[..., 2:3], NDArray[float32, N, M, L2])
    # `k:` of an axis of unknown or symbolic size: unknown
    assert_type(boxes[1:], NDArray[float32, Any, L4])


def pairwise(a: NDArray[float32, N, L4], b: NDArray[float32, M, L4]) -> NDArray[float32, N, M, L2]:
    top_left = a[:, None, :2]
    assert_type(top_left, NDArray[float32, N, L1, L2])
    bottom_right = b[None, :, 2:]
    assert_type(bottom_right, NDArray[float32, L1, M, L2])
    return bottom_right - top_left


def clashes(boxes: NDArray[float32, N, L4], m: NDArray[float32, L4, L4], pix: NDArray[float32, N, L3]) -> None:
    boxes[:, 2:] - boxes[:, 1:]  # pyright: ignore[reportOperatorIssue]  # boxes[:, 1:] has three coordinates
    rot: NDArray[float32, L3, L3] = m[:4, :3]  # pyright: ignore[reportAssignmentType]  # four rows
    uv: NDArray[float32, N, L2] = pix[..., :3] / pix[..., 2:3]  # pyright: ignore[reportAssignmentType]  # three coordinates kept
