"""numpy einsum with subscripts no shipped rule lists: typed from the project's own spellings.

tests/typing/test_project_einsum.py collects the spellings of this file the way `ndtyping check`
does and runs pyright with the overlay they give. Each `pyright: ignore` marks an error the rules
must report (an unneeded ignore is an error itself); each assert_type a result they must compute.
"""

from typing import Any

import numpy as np
from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
C = DimensionVar("C")
F = DimensionVar("F")
G = DimensionVar("G")
H = DimensionVar("H")
I = DimensionVar("I")
K = DimensionVar("K")
L = DimensionVar("L")
Q = DimensionVar("Q")
U = DimensionVar("U")
W = DimensionVar("W")
X = DimensionVar("X")
Y = DimensionVar("Y")


def three_operands(a: NDArray[float32, Y, H], b: NDArray[float32, H, W, C], c: NDArray[float32, X, W]) -> None:
    assert_type(np.einsum("yh,hwc,xw->xyc", a, b, c), NDArray[float32, X, Y, C])


def three_operands_wrong_order(
    a: NDArray[float32, Y, H], b: NDArray[float32, H, W, C], c: NDArray[float32, X, W]
) -> NDArray[float32, Y, X, C]:
    return np.einsum("yh,hwc,xw->xyc", a, b, c)  # pyright: ignore[reportReturnType]  # (X, Y, C)


def letter_order(user: NDArray[float32, U, F], item: NDArray[float32, I, F]) -> NDArray[float32, I, U]:
    return np.einsum("uf,if->iu", user, item)


def letter_order_wrong(user: NDArray[float32, U, F], item: NDArray[float32, I, F]) -> NDArray[float32, U, I]:
    return np.einsum("uf,if->iu", user, item)  # pyright: ignore[reportReturnType]  # (I, U)


def implicit_mode(x: NDArray[float32, L, F], w: NDArray[float32, L, F, G]) -> None:
    # no `->`: the letters seen once, sorted: g
    assert_type(np.einsum("lf,lfg", x, w), NDArray[float32, G])


def implicit_mode_wrong(x: NDArray[float32, L, F], w: NDArray[float32, L, F, G]) -> NDArray[float32, L, G]:
    return np.einsum("lf,lfg", x, w)  # pyright: ignore[reportReturnType]  # (G,)


def spaces(q: NDArray[float32, B, Q, H, K], k: NDArray[float32, B, X, H, K]) -> None:
    assert_type(np.einsum("bqhd, bkhd -> bqhk", q, k), NDArray[float32, B, Q, H, X])


def ellipsis(x: NDArray[float32, B, H, Q, K], w: NDArray[float32, K, F]) -> None:
    assert_type(np.einsum("...ij,jk->...ik", x, w), NDArray[float32, B, H, Q, F])


def ellipsis_wrong(x: NDArray[float32, B, H, Q, K], w: NDArray[float32, K, F]) -> NDArray[float32, B, Q, H, F]:
    return np.einsum("...ij,jk->...ik", x, w)  # pyright: ignore[reportReturnType]  # (B, H, Q, F)


def ellipsis_in_two_operands(x: NDArray[float32, B, Q, K], y: NDArray[float32, B, K, F]) -> None:
    # the two `...` parts broadcast: unknown axes in front, the letters still placed
    z: NDArray[float32, B, Q, F] = np.einsum("...ij,...jk", x, y)
    del z


def ellipsis_in_two_operands_wrong(x: NDArray[float32, B, Q, K], y: NDArray[float32, B, K, F]) -> None:
    z: NDArray[float32, B, F, Q] = np.einsum("...ij,...jk", x, y)  # pyright: ignore[reportAssignmentType]
    del z


def diagonal_of_a_batch(x: NDArray[float32, B, K, K]) -> None:
    assert_type(np.einsum("bkk->kb", x), NDArray[float32, K, B])


def diagonal_of_a_batch_wrong(x: NDArray[float32, B, K, K]) -> NDArray[float32, B, K]:
    return np.einsum("bkk->kb", x)  # pyright: ignore[reportReturnType]  # (K, B)


def not_typed(x: NDArray[float32, B, K], subscripts: str) -> None:
    # subscripts that are not a literal, or that ndtyping cannot type, keep numpy's own result
    assert_type(np.einsum(subscripts, x), Any)
    assert_type(np.einsum("...ij->ij", x), Any)


# A numpy array as the first operand with an ndtyping array after it: numpy's guard gave every
# numpy first operand numpy's own result (Any), so these calls were unchecked. The guard now takes
# plain numpy code only (numpy arrays, scalars and sequences after the first operand).


def numpy_table_first(u: NDArray[float32, K, X, Y], table: np.ndarray[tuple[Any, ...], np.dtype[np.float32]]) -> None:
    assert_type(np.einsum("qk,kxy->qxy", table, u), NDArray[float32, Any, X, Y])


def numpy_table_first_wrong(
    u: NDArray[float32, K, X, Y], table: np.ndarray[tuple[Any, ...], np.dtype[np.float32]]
) -> None:
    cu: NDArray[float32, Any, X, Y] = np.einsum("qk,kxy->qyx", table, u)  # pyright: ignore[reportAssignmentType]
    del cu


def numpy_array_of_any_dtype_first(w: np.ndarray, v: NDArray[float32, B, K, F]) -> None:
    # `w` from a function typed `-> np.ndarray`: its letters (the ones it shares too: pyright
    # solves a letter from the first operand that names it) and dtype are Any
    assert_type(np.einsum("bqk,bkf->bqf", w, v), NDArray[Any, Any, Any, F])


def numpy_result_of_known_shape_first(x: NDArray[float32, B, K], w: NDArray[float32, K, F]) -> None:
    # np.stack gives a numpy array whose shape ndtyping knows: (Any, B, K)
    assert_type(np.einsum("sbk,kf->sbf", np.stack([x, x]), w), NDArray[float32, Any, B, F])


def numpy_result_of_known_shape_first_wrong(
    x: NDArray[float32, B, K], w: NDArray[float32, K, F]
) -> NDArray[float32, Any, B, F]:
    return np.einsum("sbk,kf->sfb", np.stack([x, x]), w)  # pyright: ignore[reportReturnType]


def plain_numpy(
    a: np.ndarray[tuple[Any, ...], np.dtype[np.float32]], b: np.ndarray[tuple[Any, ...], np.dtype[np.float32]]
) -> None:
    # plain numpy code keeps numpy's own result: numpy arrays, scalars and lists after the first
    assert_type(np.einsum("ij,jk->ik", a, b), Any)
    assert_type(np.einsum("ij,jk->ik", a, [[1.0, 2.0]]), Any)
    assert_type(np.einsum("ij,jk->ik", a, np.float32(2.0)), Any)
    assert_type(np.einsum("sbk,kf->sbf", a, b), Any)
