"""Size-1 broadcasting and batched matmul in ordinary model code (false positives once)."""

from typing import Literal

from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, ShapeVar, bool_, float32

N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
B = DimensionVar("B")
S = DimensionVar("S")
D = DimensionVar("D")
E = DimensionVar("E")
Batch = ShapeVar("Batch")
L1 = Literal[1]


def softmax(x: NDArray[float32, N, M]) -> NDArray[float32, N, M]:
    shifted = x - x.max(axis=-1, keepdims=True)
    assert_type(shifted, NDArray[float32, N, M])
    e = shifted  # stands in for np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def keepdims_every_axis(x: NDArray[float32, B, N, M]) -> None:
    assert_type(x - x.mean(axis=0, keepdims=True), NDArray[float32, B, N, M])
    assert_type(x - x.mean(axis=1, keepdims=True), NDArray[float32, B, N, M])
    assert_type(x - x.mean(axis=2, keepdims=True), NDArray[float32, B, N, M])
    assert_type(x - x.mean(axis=-1, keepdims=True), NDArray[float32, B, N, M])
    assert_type(x - x.mean(axis=-2, keepdims=True), NDArray[float32, B, N, M])
    assert_type(x - x.mean(axis=-3, keepdims=True), NDArray[float32, B, N, M])
    assert_type(x > x.mean(axis=-1, keepdims=True), NDArray[bool_, B, N, M])


def literal_one_axes(
    x: NDArray[float32, N, M],
    col: NDArray[float32, N, L1],
    row: NDArray[float32, L1, M],
    t: NDArray[float32, B, N, M],
    t_last: NDArray[float32, B, N, L1],
    t_first: NDArray[float32, L1, N, M],
) -> None:
    assert_type(x * col, NDArray[float32, N, M])
    assert_type(x + row, NDArray[float32, N, M])
    assert_type(x < col, NDArray[bool_, N, M])
    assert_type(col >= x, NDArray[bool_, N, M])  # through x.__le__
    assert_type(t / t_last, NDArray[float32, B, N, M])
    assert_type(t - t_first, NDArray[float32, B, N, M])
    # the size-1 operand on the left works too (through the reflected operator)
    assert_type(col * x, NDArray[float32, N, M])
    assert_type(row - x, NDArray[float32, N, M])
    assert_type(t_last / t, NDArray[float32, B, N, M])


def positional_encoding(x: NDArray[float32, B, S, D], pos: NDArray[float32, S, D], wrong: NDArray[float32, D, S]) -> None:
    assert_type(x + pos, NDArray[float32, B, S, D])
    assert_type(pos + x, NDArray[float32, B, S, D])
    x + wrong  # pyright: ignore[reportOperatorIssue]
    wrong * x  # pyright: ignore[reportOperatorIssue]


def real_mismatches(
    x: NDArray[float32, N, M], w: NDArray[float32, N], other_col: NDArray[float32, K, L1], t: NDArray[float32, B, N, M]
) -> None:
    x + w  # pyright: ignore[reportOperatorIssue]  # N does not broadcast against the last axis M
    x - other_col  # pyright: ignore[reportOperatorIssue]  # K is not N
    other_col - x  # pyright: ignore[reportOperatorIssue]
    t - x.T  # pyright: ignore[reportOperatorIssue]
    x - x.max(axis=0, keepdims=True).T  # pyright: ignore[reportOperatorIssue]  # (M, 1) against (N, M)


def outer_sum(col: NDArray[float32, N, L1], row: NDArray[float32, L1, M], wrong: NDArray[float32, L1, K, M]) -> None:
    assert_type(col + row, NDArray[float32, N, M])  # two size-1 axes, one on each side
    assert_type(row * col, NDArray[float32, N, M])
    col[None] + wrong  # pyright: ignore[reportOperatorIssue]  # (1, N, 1) against (1, K, M)


def shared_weight(x: NDArray[float32, B, S, D], w: NDArray[float32, D, E], bias: NDArray[float32, E]) -> NDArray[float32, B, S, E]:
    y = x @ w
    assert_type(y, NDArray[float32, B, S, E])
    return y + bias


def shared_weight_variadic(x: NDArray[float32, Unpack[Batch], S, D], w: NDArray[float32, D, E]) -> None:
    assert_type(x @ w, NDArray[float32, Unpack[Batch], S, E])


def batched_vector(x: NDArray[float32, B, S, D], v: NDArray[float32, D]) -> None:
    assert_type(x @ v, NDArray[float32, B, S])


def matmul_mismatch(x: NDArray[float32, B, S, D], w: NDArray[float32, E, D], xv: NDArray[float32, Unpack[Batch], S, D]) -> None:
    x @ w  # pyright: ignore[reportOperatorIssue]
    xv @ w  # pyright: ignore[reportOperatorIssue]


def zero_dimensional(x: NDArray[float32, N, M], v: NDArray[float32, K]) -> None:
    assert_type(x / x.sum(), NDArray[float32, N, M])  # a full reduction is a 0-d array
    assert_type(x.max() - x, NDArray[float32, N, M])
    assert_type(v * v.mean(), NDArray[float32, K])


def channel_columns(x: NDArray[float32, B, N, S, D], mean: NDArray[float32, N], m: NDArray[float32, S, D], col: NDArray[float32, S]) -> None:
    assert_type(x - mean[:, None, None], NDArray[float32, B, N, S, D])
    assert_type(mean[:, None, None] * x, NDArray[float32, B, N, S, D])
    assert_type(m - col[:, None], NDArray[float32, S, D])
    x - col[:, None, None]  # pyright: ignore[reportOperatorIssue]  # S against the channel axis N


def rotary_with_heads(x: NDArray[float32, B, S, N, D], cos: NDArray[float32, S, D], wrong: NDArray[float32, D, L1, S]) -> None:
    # a table made (S, 1, D) against (B, S, H, D): its head axis broadcasts, either side
    assert_type(x * cos[:, None, :], NDArray[float32, B, S, N, D])
    assert_type(cos[:, None, :] * x, NDArray[float32, B, S, N, D])
    assert_type(x - cos[:, None, :], NDArray[float32, B, S, N, D])
    x * wrong  # pyright: ignore[reportOperatorIssue]  # a transposed table: (D, 1, S) against (S, H, D)
