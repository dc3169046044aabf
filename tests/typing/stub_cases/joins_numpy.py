"""Joining numpy arrays (issue 15): concatenate, stack, hstack, vstack, column_stack, append, split.

Correct calls keep the shapes they can; a literal-axis join whose arrays' known shapes differ on an
axis that must agree is an error (its result is ShapesDoNotConcatenate / ShapesDoNotStack, which
no use accepts); a computed axis, an `int` size, `Any` and a numpy array of unknown shape never are.
Each `pyright: ignore` marks an error the overlay must report (an unneeded ignore is an error).
"""

from collections.abc import Sequence
from typing import Any, Literal, TypeVar

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeAlias, assert_type

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
D = DimensionVar("D")
D1 = DimensionVar("D1")
D2 = DimensionVar("D2")
E = DimensionVar("E")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")

IntSized = np.ndarray[tuple[int, int], np.dtype[np.float32]]
# numpy's joins give numpy arrays (what numpy returns; see tools/_join_rules.py and joined() in the generator)
Shape = TypeVar("Shape", bound=tuple[Any, ...])
Joined: TypeAlias = np.ndarray[Shape, np.dtype[np.float32]]


def concatenate_keeps_the_other_axes(
    a: NDArray[float32, B, D1], b: NDArray[float32, B, D2], x: NDArray[float32, B, C, H, W], y: NDArray[float32, B, C, H, W]
) -> None:
    assert_type(np.concatenate([a, b], axis=1), Joined[tuple[B, Any]])
    assert_type(np.concatenate([a, b], axis=-1), Joined[tuple[B, Any]])
    assert_type(np.concatenate((a, b, a, b), axis=1), Joined[tuple[B, Any]])
    assert_type(np.concatenate([x, y]), Joined[tuple[Any, C, H, W]])
    assert_type(np.concatenate([x, y], axis=2), Joined[tuple[B, C, Any, W]])
    assert_type(np.concatenate([x, y], axis=3), Joined[tuple[B, C, H, Any]])
    assert_type(np.concatenate([x, y], axis=-3), Joined[tuple[B, Any, H, W]])


def concatenate_accepts_what_it_cannot_check(
    a: NDArray[float32, B, D1], b: NDArray[float32, B, D2], axis: int, n: IntSized, m: npt.NDArray[np.float32], anything: Any,
    many: Sequence[NDArray[float32, N, D]], unknown: NDArray[float32, Any, D2],
) -> None:
    np.concatenate([a, b], axis=axis)  # a computed axis: numpy's own overloads
    assert_type(np.concatenate([a, n], axis=1), Joined[tuple[B, Any]])  # int sizes are unknown sizes
    assert_type(np.concatenate([n, a], axis=0), Joined[tuple[Any, D1]])
    np.concatenate([a, m], axis=0)  # a numpy array of unknown shape
    np.concatenate([m, m], axis=1)
    np.concatenate([a, anything], axis=0)
    np.concatenate(anything, axis=0)
    np.concatenate([a, unknown], axis=1)
    assert_type(np.concatenate(many), Joined[tuple[Any, D]])
    assert_type(np.concatenate([*many, many[0]], axis=0), Joined[tuple[Any, D]])
    parts: list[NDArray[float32, N, D]] = []
    for item in many:
        parts.append(item)
    assert_type(np.concatenate(parts, axis=0), Joined[tuple[Any, D]])


def concatenate_along_the_wrong_axis(a: NDArray[float32, B, D1], b: NDArray[float32, B, D2]) -> NDArray[float32, B, Any]:
    return np.concatenate([a, b], axis=0)  # pyright: ignore[reportReturnType]  # D1 and D2 must agree


def concatenate_a_column_under_rows(values: NDArray[float32, N, E], last: NDArray[float32, E]) -> None:
    assert_type(np.concatenate([values[1:], last[None, :]], axis=0), Joined[tuple[Any, E]])
    joined = np.concatenate([values[1:], last[:, None]], axis=0)
    joined.sum()  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]  # (E, 1) under (N - 1, E)


def concatenate_literal_sizes(x: NDArray[float32, N, Literal[3]], y: NDArray[float32, N, Literal[4]]) -> None:
    assert_type(np.concatenate([x, y], axis=1), Joined[tuple[N, Any]])
    np.concatenate([x, y]).mean()  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]  # 3 and 4 columns


def stack_places_the_new_axis(a: NDArray[float32, H, W], b: NDArray[float32, H, W], x: NDArray[float32, B, H, W, C]) -> None:
    assert_type(np.stack([a, b]), Joined[tuple[Any, H, W]])
    assert_type(np.stack([a, b], axis=1), Joined[tuple[H, Any, W]])
    assert_type(np.stack([a, b], axis=-1), Joined[tuple[H, W, Any]])
    assert_type(np.stack((a, b, a), axis=2), Joined[tuple[H, W, Any]])
    assert_type(np.stack([x, x], axis=3), Joined[tuple[B, H, W, Any, C]])
    assert_type(np.stack([x, x], axis=-3), Joined[tuple[B, H, Any, W, C]])


def stack_of_different_shapes(a: NDArray[float32, H, W], b: NDArray[float32, W, H], k: int) -> NDArray[float32, Any, H, W]:
    np.stack([a, b], axis=k)  # a computed axis
    return np.stack([a, b])  # pyright: ignore[reportReturnType]  # (H, W) and (W, H)


def hstack_vstack_column_stack(
    a: NDArray[float32, N, D1], b: NDArray[float32, N, D2], u: NDArray[float32, D], v: NDArray[float32, D], rows: NDArray[float32, N, D],
    n: IntSized, w: NDArray[float32, N],
) -> None:
    assert_type(np.hstack([a, b]), Joined[tuple[N, Any]])
    assert_type(np.hstack([u, v]), Joined[tuple[Any]])
    assert_type(np.hstack([a, n]), Joined[tuple[N, Any]])
    assert_type(np.vstack([u, v]), Joined[tuple[Any, D]])
    assert_type(np.vstack([rows, u]), Joined[tuple[Any, D]])
    assert_type(np.vstack([rows, rows]), Joined[tuple[Any, D]])
    assert_type(np.column_stack([u, v]), Joined[tuple[D, Any]])
    assert_type(np.column_stack([rows, w]), Joined[tuple[N, Any]])
    np.column_stack([rows, u])  # ranks differ: numpy's own (a rank inferred wrong upstream must not be an error)
    np.vstack([a, b]).sum()  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]  # D1 and D2 columns
    np.hstack([a, rows.T]).sum()  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]  # N and D rows


def append_with_an_axis(a: NDArray[float32, N, D], b: NDArray[float32, N, D], c: NDArray[float32, D, N]) -> None:
    assert_type(np.append(a, b, axis=0), Joined[tuple[Any, D]])
    assert_type(np.append(a, c.T, axis=1), Joined[tuple[N, Any]])
    np.append(a, c, axis=0).sum()  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]  # D and N columns


def split_keeps_the_other_axes(x: NDArray[float32, B, C, H, W]) -> None:
    assert_type(np.split(x, 2, axis=2)[0], NDArray[float32, B, C, Any, W])
    assert_type(np.array_split(x, 3, axis=-3)[1], NDArray[float32, B, Any, H, W])
    assert_type(np.split(x, 2, axis=3)[0], NDArray[float32, B, C, H, Any])
