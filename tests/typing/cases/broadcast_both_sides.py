"""Broadcasting with size-1 axes on both sides at rank 3 and more, and rows against columns of sizes
of unknown value (held-out corpus 2 false positives: ALiBi, a CRF, T5 relative positions)."""

from typing import Any, Literal

from typing_extensions import Unpack, assert_type

from ndtyping import DimensionVar, NDArray, float32

Head = DimensionVar("Head")
Query = DimensionVar("Query")
Key = DimensionVar("Key")
Batch = DimensionVar("Batch")
Tag = DimensionVar("Tag")
N = DimensionVar("N")
M = DimensionVar("M")
K = DimensionVar("K")
L1 = Literal[1]


def alibi(slopes: NDArray[float32, Head], distance: NDArray[float32, Query, Key]) -> NDArray[float32, Head, Query, Key]:
    # (Head, 1, 1) * (1, Query, Key), either order, and against (Query, Key) (one axis fewer)
    assert_type(slopes[:, None, None] * distance[None, :, :], NDArray[float32, Head, Query, Key])
    assert_type(distance[None, :, :] * slopes[:, None, None], NDArray[float32, Head, Query, Key])
    assert_type(slopes[:, None, None] * distance, NDArray[float32, Head, Query, Key])
    assert_type(distance * slopes[:, None, None], NDArray[float32, Head, Query, Key])
    return -slopes[:, None, None] * distance[None, :, :]


def crf(alpha: NDArray[float32, Batch, Tag], trans: NDArray[float32, Tag, Tag], emit: NDArray[float32, Batch, Tag]) -> None:
    # (Batch, Tag, 1) + (1, Tag, Tag), and + (Tag, Tag), then + (Batch, 1, Tag)
    scores = alpha[:, :, None] + trans[None]
    assert_type(scores, NDArray[float32, Batch, Tag, Tag])
    assert_type(alpha[:, :, None] + trans, NDArray[float32, Batch, Tag, Tag])
    assert_type(trans + alpha[:, :, None], NDArray[float32, Batch, Tag, Tag])
    assert_type(scores + emit[:, None, :], NDArray[float32, Batch, Tag, Tag])


def two_size_one_axes(x: NDArray[float32, Batch, N, M], w: NDArray[float32, Batch, L1, L1], y: NDArray[float32, K, N, M]) -> None:
    assert_type(x - x.mean(axis=(1, 2), keepdims=True), NDArray[float32, Batch, N, M])
    assert_type(w * x, NDArray[float32, Batch, N, M])
    # a clash is still one: the batch axes differ, and (Batch, 1, 1) meets (K, N, M) only if one is 1
    x - y  # pyright: ignore[reportOperatorIssue]
    w * y  # pyright: ignore[reportOperatorIssue]


def rows_against_columns_of_unknown_sizes(pos: NDArray[float32, Any], q: NDArray[float32, N]) -> None:
    # (1, Any) - (Any, 1): (Any, Any), not the first operand's (1, Any)
    assert_type(pos[None, :] - pos[:, None], NDArray[float32, Any, Any])
    assert_type(pos[:, None] - pos[None, :], NDArray[float32, Any, Any])
    assert_type(q[:, None] - pos[None, :], NDArray[float32, N, Any])
    assert_type(q[:, None] * q[None, :], NDArray[float32, N, N])


def unknown_rank(x: NDArray[float32, N, M], u: NDArray[float32, Unpack[tuple[Any, ...]]]) -> None:
    # an operand of unknown rank gives what the same-shape rule gave, never a rank guessed
    assert_type(u - u, NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(u[None, :] - u, NDArray[float32, Unpack[tuple[Any, ...]]])
    assert_type(x + u, NDArray[float32, N, M])
