"""A comparison's result is a bool array of the broadcast shape whatever the operands' dtypes:
`labels < scores` with int labels and float scores is correct code (it was an error: both operands
had to share one dtype, as arithmetic's do)."""

from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, bool_, float32, int32, int64

B = DimensionVar("B")
C = DimensionVar("C")


def mixed(labels: NDArray[int32, B], scores: NDArray[float32, B], wide: NDArray[int64, B], x: NDArray[float32, B, C]) -> None:
    assert_type(labels < scores, NDArray[bool_, B])
    assert_type(scores >= wide, NDArray[bool_, B])
    assert_type(x > scores[:, None], NDArray[bool_, B, C])
    x < scores  # pyright: ignore[reportOperatorIssue]  # (B, C) against (B,)
