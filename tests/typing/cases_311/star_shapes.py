"""`x @ w` keeps a ShapeVar's leading axes: `(*Batch, In) @ (In, Out)` is `(*Batch, Out)` (it was
`(Union[*Batch], Out)`, which no `(*Batch, Out)` annotation accepts), also with a vector on the right; a clash of the inner axes stays an error."""

from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, ShapeVar, float32

Batch = ShapeVar("Batch")
In = DimensionVar("In")
Out = DimensionVar("Out")


def dense(x: NDArray[float32, *Batch, In], w: NDArray[float32, In, Out], b: NDArray[float32, Out]) -> NDArray[float32, *Batch, Out]:
    assert_type(x @ w, NDArray[float32, *Batch, Out])
    return x @ w + b


def matvec(x: NDArray[float32, *Batch, In], v: NDArray[float32, In]) -> NDArray[float32, *Batch]:
    return x @ v


def residual(x: NDArray[float32, *Batch, In], w1: NDArray[float32, In, Out], w2: NDArray[float32, Out, In]) -> NDArray[float32, *Batch, In]:
    h = x @ w1
    x + h @ w1  # pyright: ignore[reportOperatorIssue]  # (*Batch, Out) @ (In, Out): In is not Out
    return x + h @ w2
