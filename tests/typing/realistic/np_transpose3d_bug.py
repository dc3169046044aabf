"""Volumes and sequences with explicit axis permutations, np.transpose with axis tuples (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Z = DimensionVar("Z")
Y = DimensionVar("Y")
X = DimensionVar("X")
B = DimensionVar("B")
T = DimensionVar("T")
F = DimensionVar("F")


def zyx_to_xyz(volume: NDArray[float32, Z, Y, X]) -> NDArray[float32, X, Y, Z]:
    return np.transpose(volume, (2, 0, 1))  # BUG: axis tuple gives (X, Z, Y)


def btf_to_tbf(x: NDArray[float32, B, T, F]) -> NDArray[float32, T, B, F]:
    return x.transpose((1, 0, 2))


def axial_means(volume: NDArray[float32, Z, Y, X]) -> NDArray[float32, Z]:
    return volume.mean(axis=(1, 2))


def main() -> None:
    rng = np.random.default_rng(42)
    vol = rng.standard_normal((3, 4, 5), dtype=np.float32)
    print("volume", zyx_to_xyz(vol).shape, btf_to_tbf(vol).shape, axial_means(vol).shape)


if __name__ == "__main__":
    main()
