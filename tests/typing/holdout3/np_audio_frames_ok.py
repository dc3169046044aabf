"""Audio front end: pre-emphasis, overlapping frames by index arithmetic, a Hann window, per-frame
log energy and zero-crossing rate (float32 throughout)."""

from typing import Any

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray, float32

Samples = DimensionVar("Samples")
Frames = DimensionVar("Frames")
Win = DimensionVar("Win")


def preemphasis(x: NDArray[float32, Samples], coef: float) -> NDArray[float32, Samples]:
    return np.concatenate([x[:1], x[1:] - coef * x[:-1]])


def frame_signal(x: NDArray[float32, Samples], frame_len: int, hop: int) -> NDArray[float32, Any, Any]:
    n_frames = 1 + (x.shape[0] - frame_len) // hop
    idx = np.arange(frame_len)[None, :] + hop * np.arange(n_frames)[:, None]
    return x[idx]


def hann(n: int) -> npt.NDArray[np.float32]:
    return (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)).astype(np.float32)


def windowed(frames: NDArray[float32, Frames, Win], window: NDArray[float32, Win]) -> NDArray[float32, Frames, Win]:
    return frames * window


def log_energy(frames: NDArray[float32, Frames, Win]) -> NDArray[float32, Frames]:
    return np.log((frames**2).sum(axis=1) + 1e-6)


def zero_crossing_rate(frames: NDArray[float32, Frames, Win]) -> NDArray[float32, Frames]:
    signs = np.sign(frames)
    return (np.abs(np.diff(signs, axis=1)) / 2).mean(axis=1)


def voiced(energy: NDArray[float32, Frames], zcr: NDArray[float32, Frames]) -> NDArray[np.bool_, Frames]:
    return (energy > np.median(energy)) & (zcr < 0.3)


def main() -> None:
    rng = np.random.default_rng(9)
    sr = 800
    t = np.arange(2 * sr) / sr
    x = (np.sin(2 * np.pi * 50 * t) + 0.1 * rng.normal(size=t.shape)).astype(np.float32)
    frames = frame_signal(preemphasis(x, 0.97), frame_len=64, hop=24)
    frames = windowed(frames, hann(64))
    e = log_energy(frames)
    z = zero_crossing_rate(frames)
    assert e.shape == z.shape == (frames.shape[0],)
    assert voiced(e, z).dtype == np.bool_
