"""Operators on NDArray values of different dtypes follow numpy's promotion where it is cheap to say
(a bool operand gives the other's dtype; float64 with an integer, bool or narrower float gives
float64; integers divided give float64), and give an unknown dtype otherwise, never an error; a
shape clash is still one whatever the dtypes. Accumulations (cumsum, cumprod) widen bools and narrow
integers as numpy does. Held-out false positives: a float mask product, a bool mean minus a float
mean, and a matrix on the left of a batched `@`."""

from typing import Any, Literal

from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, bool_, float16, float32, float64, int8, int32, int64, uint8, uint64

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
B = DimensionVar("B")
H = DimensionVar("H")
Ray = DimensionVar("Ray")
Sample = DimensionVar("Sample")
L3 = Literal[3]
L8 = Literal[8]


def promoted(
    a: NDArray[float64, N, M],
    b: NDArray[float32, N, M],
    h: NDArray[float16, N, M],
    mask: NDArray[bool_, N, M],
    i: NDArray[int64, N, M],
    j: NDArray[int32, N, M],
    row: NDArray[float32, M],
) -> None:
    # float64 with a narrower float, an integer or a bool: float64, either order
    assert_type(a * b, NDArray[float64, N, M])
    assert_type(b * a, NDArray[float64, N, M])
    assert_type(a - h, NDArray[float64, N, M])
    assert_type(i + a, NDArray[float64, N, M])
    assert_type(a / j, NDArray[float64, N, M])
    assert_type(a - row, NDArray[float64, N, M])
    assert_type(row - a, NDArray[float64, N, M])
    # a mask gives the other operand's dtype, either order
    assert_type(b * mask, NDArray[float32, N, M])
    assert_type(mask * b, NDArray[float32, N, M])
    assert_type(i * mask, NDArray[int64, N, M])
    assert_type((b > 0) * b, NDArray[float32, N, M])
    assert_type(mask.mean(axis=0) - b.mean(axis=0), NDArray[float64, M])
    # other pairs: the dtype depends on widths numpy weighs at runtime, so it is left unknown
    assert_type(i * b, NDArray[Any, N, M])
    assert_type(b * i, NDArray[Any, N, M])
    assert_type(j + i, NDArray[Any, N, M])
    assert_type(b ** j, NDArray[Any, N, M])
    # a true division of integers or bools is float64, floats keep theirs
    assert_type(i / i, NDArray[float64, N, M])
    assert_type(j / 2, NDArray[float64, N, M])
    assert_type(mask / i, NDArray[float64, N, M])
    assert_type(b / b, NDArray[float32, N, M])
    assert_type(b / 2, NDArray[float32, N, M])
    # one dtype keeps its own
    assert_type(i // i, NDArray[int64, N, M])
    assert_type(mask & mask, NDArray[bool_, N, M])


def clashes_are_errors(a: NDArray[float64, N, M], b: NDArray[float32, M, N], mask: NDArray[bool_, N], i: NDArray[int64, M, N]) -> None:
    a * b  # pyright: ignore[reportOperatorIssue]
    b * a  # pyright: ignore[reportOperatorIssue]
    a * mask  # pyright: ignore[reportOperatorIssue]  # (N, M) against (N,): the last axes differ
    mask * a  # pyright: ignore[reportOperatorIssue]
    a + i  # pyright: ignore[reportOperatorIssue]
    i - b.T[None]  # pyright: ignore[reportOperatorIssue]  # (M, N) against (1, N, M)


def slips_stay_visible(a: NDArray[float32, N, M], noise: NDArray[float64, N, M]) -> NDArray[float32, N, M]:
    # float32 plus float64 noise is float64: returned as float32, an error
    return a + noise  # pyright: ignore[reportReturnType]


def both_sides_size_one(origins: NDArray[float32, Ray, L3], t: NDArray[float32, Sample], x: NDArray[float32, B, N, M]) -> None:
    # (1, Sample, 1) * (Ray, 1, 3) and the other combinations of size-1 axes on both sides
    assert_type(t[None, :, None], NDArray[float32, Literal[1], Sample, Literal[1]])
    assert_type(t[None, :, None] * origins[:, None, :], NDArray[float32, Ray, Sample, L3])
    assert_type(origins[:, None, :] * t[None, :, None], NDArray[float32, Ray, Sample, L3])
    assert_type(origins[:, None, :] + t[None, :, None] * origins[:, None, :], NDArray[float32, Ray, Sample, L3])
    xn = x.mean(axis=2, keepdims=True)  # (B, N, 1)
    xb = x.mean(axis=(0, 1), keepdims=True)  # (1, 1, M)
    assert_type(xn * xb, NDArray[float32, B, N, M])
    assert_type(xb * xn, NDArray[float32, B, N, M])
    xm = x.mean(axis=(0, 2), keepdims=True)  # (1, N, 1)
    xo = x.mean(axis=1, keepdims=True)  # (B, 1, M)
    assert_type(xm - xo, NDArray[float32, B, N, M])
    assert_type(xo - xm, NDArray[float32, B, N, M])
    xz = x.mean(axis=0, keepdims=True)  # (1, N, M)
    xy = x.mean(axis=(1, 2), keepdims=True)  # (B, 1, 1)
    assert_type(xz * xy, NDArray[float32, B, N, M])
    # a clash is still one: (1, Sample, 1) against (1, N, M) has Sample against N
    t[None, :, None] * x.mean(axis=0, keepdims=True)  # pyright: ignore[reportOperatorIssue]
    xm * x[:1, :1, :]  # fine: (1, N, 1) * (1, 1, M) is (1, N, M), axes of unknown size from the slices


def matmul_mixed_and_broadcast(
    d: NDArray[float64, L8, L8],
    blocks: NDArray[float64, B, H, L8, L8],
    w: NDArray[float32, M, K],
    x: NDArray[float32, B, K, N],
    w64: NDArray[float64, K, M],
    xk: NDArray[float32, B, N, K],
    ik: NDArray[int64, K, M],
) -> None:
    # a matrix on the left of a batch: broadcast over the batch's leading axes
    assert_type(d @ blocks, NDArray[float64, B, H, L8, L8])
    assert_type(d @ blocks @ d.T, NDArray[float64, B, H, L8, L8])
    assert_type(w @ x, NDArray[float32, B, M, N])
    w @ xk  # pyright: ignore[reportOperatorIssue]  # (M, K) @ (B, N, K): K against N
    # operands of different dtypes
    assert_type(xk @ w64, NDArray[float64, B, N, M])
    assert_type(w64.T @ x, NDArray[float64, B, M, N])
    assert_type(xk @ ik, NDArray[Any, B, N, M])
    xk @ w64.T  # pyright: ignore[reportOperatorIssue]  # (B, N, K) @ (M, K)


def accumulations(
    f: NDArray[float32, N, M],
    i: NDArray[int64, N, M],
    small: NDArray[int8, N],
    u: NDArray[uint8, N],
    mask: NDArray[bool_, N, M],
    unknown: NDArray[Any, N, M],
) -> None:
    assert_type(f.cumsum(axis=1), NDArray[float32, N, M])
    assert_type(i.cumprod(axis=1), NDArray[int64, N, M])
    assert_type(mask.cumsum(axis=0), NDArray[int64, N, M])
    assert_type(small.cumsum(), NDArray[int64, Any])
    assert_type(u.cumprod(axis=0), NDArray[uint64, N])
    assert_type(unknown.cumsum(axis=0), NDArray[Any, N, M])
    assert_type(mask.astype(int32).cumprod(axis=1).sum(axis=1), NDArray[int64, N])
