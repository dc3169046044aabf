"""A stereo matching cost volume (absolute differences) and winner-takes-all disparity."""

import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")
Disp = DimensionVar("Disp")


def cost_volume(left: NDArray[np.float32, H, W], right: NDArray[np.float32, H, W], max_disp: int) -> NDArray[np.float32, Disp, H, W]:
    h, w = left.shape
    volume = np.full((max_disp, h, w), np.inf, dtype=np.float32)
    for d in range(max_disp):
        volume[d, :, d:] = np.abs(left[:, d:] - right[:, : w - d])
    return volume


def box_aggregate(volume: NDArray[np.float32, Disp, H, W], radius: int) -> NDArray[np.float32, Disp, H, W]:
    finite = np.where(np.isfinite(volume), volume, 1e3).astype(np.float32)
    padded = np.pad(finite, ((0, 0), (radius, radius), (radius, radius)), mode="edge")
    out = np.zeros_like(finite)
    k = 2 * radius + 1
    for dy in range(k):
        for dx in range(k):
            out += padded[:, dy : dy + finite.shape[1], dx : dx + finite.shape[2]]
    return out / (k * k)


def winner_takes_all(volume: NDArray[np.float32, Disp, H, W]) -> NDArray[np.int64, H, W]:
    disparity: NDArray[np.int64, H, W] = volume.argmin(axis=0)
    return disparity


def main() -> None:
    rng = np.random.default_rng(4)
    right = rng.random((24, 40), dtype=np.float32)
    left = np.roll(right, 3, axis=1)
    volume = cost_volume(left, right, 8)
    assert volume.shape == (8, 24, 40)
    agg = box_aggregate(volume, 2)
    disp = winner_takes_all(agg)
    assert disp.shape == (24, 40)
    assert np.median(disp[:, 10:]) == 3


if __name__ == "__main__":
    main()
