"""Three-item indexes of images: a crop (`img[a:b, c:d, :]`) keeps the channel axis and sizes the
cropped ones Any; an int in the key drops its axis (`img[a:b, c:d, 0]`, `x[:, :, 0]`, `x[:, 0, :]`)."""

from typing import Any

from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")


def crops(img: NDArray[float32, H, W, C], top: int, left: int) -> None:
    assert_type(img[top : top + 8, left : left + 8, :], NDArray[float32, Any, Any, C])
    assert_type(img[top : top + 8, left : left + 8, 0], NDArray[float32, Any, Any])
    assert_type(img[:, :, 1:], NDArray[float32, H, W, Any])
    assert_type(img[:, 2:, :], NDArray[float32, H, Any, C])


def channel_picks(img: NDArray[float32, H, W, C]) -> None:
    assert_type(img[:, :, 0], NDArray[float32, H, W])
    assert_type(img[:, 0, :], NDArray[float32, H, C])
    dropped: NDArray[float32, Any, Any, C] = img[0:4, 0:4, 0]  # pyright: ignore[reportAssignmentType]  # rank 2
