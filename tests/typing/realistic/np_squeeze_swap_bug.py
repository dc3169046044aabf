"""Audio frames: dropping a mono channel axis, time-major/batch-major swaps (numpy)."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Time = DimensionVar("Time")
Feat = DimensionVar("Feat")


def drop_channel(wave: NDArray[float32, Batch, Literal[1], Time]) -> NDArray[float32, Batch, Time]:
    return wave.squeeze(axis=1)


def to_time_major(x: NDArray[float32, Batch, Time, Feat]) -> NDArray[float32, Time, Batch, Feat]:
    return np.swapaxes(x, 1, 2)  # BUG: swapped time and features instead of batch and time


def frame_energy(x: NDArray[float32, Batch, Time, Feat]) -> NDArray[float32, Batch, Time]:
    return (x**2).sum(axis=-1)


def main() -> None:
    rng = np.random.default_rng(37)
    wave = rng.standard_normal((2, 1, 100), dtype=np.float32)
    frames = drop_channel(wave).reshape(2, 10, 10)
    print("audio", to_time_major(frames).shape, frame_energy(frames).shape)


if __name__ == "__main__":
    main()
