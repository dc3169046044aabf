"""With the overlay (issue 15): an unknown size is Any, never int. Creation functions whose sizes
are computed (`np.zeros((n, d))`, `np.eye(x.shape[0])`, `np.arange(n)`, `np.linspace(a, b, n)`)
give arrays that meet named dimensions; literal sizes stay literal, with or without a dtype."""

from typing import Any, Literal

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32, float64, int64

N = DimensionVar("N")
D = DimensionVar("D")
T = DimensionVar("T")
State = DimensionVar("State", bound=int)


def zeros_of_unbounded_sizes(x: NDArray[float64, N, D], y: NDArray[float64, N, T]) -> NDArray[float64, D, T]:
    # numpy's own gave ndarray[tuple[int, int], ...]: int meets neither D nor T. The sizes are
    # DimSizes (ints naming D and T), so the result has those dimensions
    w = np.zeros((x.shape[1], y.shape[1]))
    swapped: NDArray[float64, T, D] = w  # pyright: ignore[reportAssignmentType]
    return w


def predict(x: NDArray[float64, State], f: NDArray[float64, State, State]) -> NDArray[float64, State]:
    return f @ x


def start_state(f: NDArray[float64, State, State]) -> NDArray[float64, State]:
    # np.zeros(State) / np.eye(State) were int-sized, which then clashed with f's State
    x = np.zeros(f.shape[0])
    p = np.eye(f.shape[0])
    assert_type(p, np.ndarray[tuple[Any, Any], np.dtype[np.float64]])
    return predict(x, p @ f)


def computed(n: int, d: int) -> None:
    assert_type(np.zeros((n, d)), np.ndarray[tuple[Any, Any], np.dtype[np.float64]])
    assert_type(np.ones(n), np.ndarray[tuple[Any], np.dtype[np.float64]])
    assert_type(np.empty((n, d, 3), dtype=np.float32), np.ndarray[tuple[Any, Any, Any], np.dtype[np.float32]])
    assert_type(np.full((n, d), 0.5), np.ndarray[tuple[Any, Any], np.dtype[np.float64]])
    assert_type(np.full((n,), 0), np.ndarray[tuple[Any], np.dtype[np.int64]])
    assert_type(np.full(n, True), np.ndarray[tuple[Any], np.dtype[np.bool_]])
    assert_type(np.full((n, d), 1.0, dtype=np.float32), np.ndarray[tuple[Any, Any], np.dtype[np.float32]])
    assert_type(np.eye(n), np.ndarray[tuple[Any, Any], np.dtype[np.float64]])
    assert_type(np.eye(n, dtype=np.float32), np.ndarray[tuple[Any, Any], np.dtype[np.float32]])
    assert_type(np.arange(n), np.ndarray[tuple[Any], np.dtype[np.int64]])
    assert_type(np.arange(0, n, 2), np.ndarray[tuple[Any], np.dtype[np.int64]])
    assert_type(np.arange(0.0, 1.0, 0.1), np.ndarray[tuple[Any], np.dtype[np.float64]])
    assert_type(np.arange(n, dtype=np.float32), np.ndarray[tuple[Any], np.dtype[np.float32]])
    assert_type(np.linspace(0.0, 1.0, n), np.ndarray[tuple[Any], np.dtype[np.float64]])
    assert_type(np.linspace(0.0, 1.0, n, dtype=np.float32), np.ndarray[tuple[Any], np.dtype[np.float32]])


def ramp(n: int) -> NDArray[int64, N]:
    return np.arange(n)


def schedule(steps: int) -> NDArray[float32, T]:
    return np.linspace(1e-4, 0.02, steps, dtype=np.float32)


def literal_sizes() -> None:
    assert_type(np.zeros((2, 3)), np.ndarray[tuple[Literal[2], Literal[3]], np.dtype[np.float64]])
    assert_type(np.ones(4), np.ndarray[tuple[Literal[4]], np.dtype[np.float64]])
    assert_type(np.eye(3), np.ndarray[tuple[Literal[3], Literal[3]], np.dtype[np.float64]])
    assert_type(np.full((2, 2), 0.0), np.ndarray[tuple[Literal[2], Literal[2]], np.dtype[np.float64]])
    square: NDArray[float64, Literal[3], Literal[3]] = np.eye(3)
    wrong: NDArray[float64, Literal[2], Literal[3]] = np.zeros((3, 2))  # pyright: ignore[reportAssignmentType]


def any_sizes(shape: Any, n: Any) -> None:
    assert_type(np.zeros((n, n)), np.ndarray[tuple[Any, Any], np.dtype[np.float64]])
    # a size typed Any meets the overloads of sizes read from `x.shape` too, whose results are
    # ndtyping arrays (unbounded_sizes.py): pyright answers Any for them all (never Unknown)
    assert_type(np.eye(n), Any)


def sizes_typed_any(x: NDArray[float64, N, D], n: Any, d: Any) -> NDArray[float64, D]:
    # one size typed Any: the result was Unknown (an Any argument matched every rank of the
    # overlay's rules, and their results differ), an error in strict mode. (Sizes from `x.shape`
    # of unbounded dimensions were Any then; they are DimSizes now: unbounded_sizes.py)
    # (Any since the arrays of sizes read from `x.shape` are ndtyping arrays: see any_sizes)
    w = np.zeros(d)
    assert_type(w, Any)
    assert_type(np.ones(d, dtype=np.float32), Any)
    assert_type(np.full(n, 0.5), Any)
    assert_type(np.arange(n), Any)
    return w


def literal_sizes_any_rank(x: np.ndarray[tuple[Any, ...], np.dtype[np.float32]]) -> None:
    # One overload takes literal sizes of any rank (it was one per rank 1 to 4: rank 5 fell through
    # to numpy's int sizes, and a shape of unknown rank met the rank-2 overload first)
    assert_type(
        np.ones((2, 3, 4, 5, 6)),
        np.ndarray[tuple[Literal[2], Literal[3], Literal[4], Literal[5], Literal[6]], np.dtype[np.float64]],
    )
    assert_type(np.zeros(x.shape), np.ndarray[tuple[Any, ...], np.dtype[np.float64]])
    assert_type(np.empty(()), np.ndarray[tuple[()], np.dtype[np.float64]])
    # a numpy array's reshape keeps numpy's `| Any` (see the guard overloads)
    assert_type(
        np.reshape(x, (2, 3, 4, 5, 6)),
        np.ndarray[tuple[Literal[2], Literal[3], Literal[4], Literal[5], Literal[6]], np.dtype[np.float32]] | Any,
    )
    shape = (2, 3)
    assert_type(np.full(shape, 1, dtype=np.int8), np.ndarray[tuple[Literal[2], Literal[3]], np.dtype[np.int8]])
