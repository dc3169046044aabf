"""Short-time Fourier magnitudes of a mono signal: framing, a Hann window, rfft (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Samples = DimensionVar("Samples")
Frames = DimensionVar("Frames")
Win = DimensionVar("Win")
Bins = DimensionVar("Bins")


def frame_signal(x: NDArray[float32, Samples], frame_len: int, hop: int) -> NDArray[float32, Frames, Win]:
    n_frames = 1 + (x.shape[0] - frame_len) // hop
    idx = np.arange(frame_len)[None, :] + hop * np.arange(n_frames)[:, None]
    return x[idx]


def hann(frame_len: int) -> NDArray[float32, Win]:
    n = np.arange(frame_len, dtype=np.float32)
    return (0.5 - 0.5 * np.cos(2 * np.pi * n / frame_len)).astype(np.float32)


def magnitudes(frames: NDArray[float32, Frames, Win], window: NDArray[float32, Win]) -> NDArray[float32, Frames, Bins]:
    windowed = frames * window
    spec = np.fft.rfft(windowed, axis=-1)
    return np.abs(spec).astype(np.float32)


def log_power(mag: NDArray[float32, Frames, Bins], floor_db: float = -80.0) -> NDArray[float32, Frames, Bins]:
    power_db = 10.0 * np.log10(np.maximum(mag**2, 1e-10))
    return np.maximum(power_db, power_db.max() + floor_db)


def spectral_centroid(mag: NDArray[float32, Frames, Bins], freqs: NDArray[float32, Bins]) -> NDArray[float32, Frames]:
    weights = mag / (mag.sum(axis=-1, keepdims=True) + 1e-8)
    return (weights * freqs).sum(axis=-1)


def main() -> None:
    rng = np.random.default_rng(0)
    t = np.arange(400, dtype=np.float32) / 8000
    x = (np.sin(2 * np.pi * 440 * t) + 0.1 * rng.standard_normal(400, dtype=np.float32)).astype(np.float32)
    frames = frame_signal(x, 64, 32)
    mag = magnitudes(frames, hann(64))
    freqs = np.fft.rfftfreq(64, d=1 / 8000).astype(np.float32)
    print("stft", frames.shape, log_power(mag).shape, spectral_centroid(mag, freqs).shape)


if __name__ == "__main__":
    main()
