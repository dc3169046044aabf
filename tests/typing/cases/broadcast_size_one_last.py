"""A size-1 last axis against a vector broadcasts: `coords[..., None] * freqs`, (N, D, 1) * (F,) is
(N, D, F), either way round; a clash of the other axes is still an error."""

from typing_extensions import assert_type

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
F = DimensionVar("F")


def fourier_features(coords: NDArray[float32, N, D], freqs: NDArray[float32, F]) -> None:
    assert_type(coords[..., None] * freqs, NDArray[float32, N, D, F])
    assert_type(freqs * coords[..., None], NDArray[float32, N, D, F])
    assert_type(coords[:, :, None] - freqs, NDArray[float32, N, D, F])
    assert_type(freqs[:, None] * freqs, NDArray[float32, F, F])
    coords[..., None] * coords  # pyright: ignore[reportOperatorIssue]  # (N, D, 1) against (N, D)
