"""Log-mel features from a power spectrogram, mean/variance normalisation and deltas (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Frames = DimensionVar("Frames")
Bins = DimensionVar("Bins")
Mels = DimensionVar("Mels")


def hz_to_mel(f: NDArray[np.float64, Any]) -> NDArray[np.float64, Any]:
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_filterbank(n_mels: int, n_fft: int, sample_rate: int) -> NDArray[float32, Mels, Bins]:
    fft_freqs = np.linspace(0, sample_rate / 2, n_fft // 2 + 1)
    mel_pts = np.linspace(hz_to_mel(np.array([0.0]))[0], hz_to_mel(np.array([sample_rate / 2]))[0], n_mels + 2)
    hz_pts = 700.0 * (10 ** (mel_pts / 2595.0) - 1)
    lower, centre, upper = hz_pts[:-2, None], hz_pts[1:-1, None], hz_pts[2:, None]
    rising = (fft_freqs[None, :] - lower) / (centre - lower)
    falling = (upper - fft_freqs[None, :]) / (upper - centre)
    return np.maximum(0.0, np.minimum(rising, falling)).astype(np.float32)


def log_mel(power: NDArray[float32, Frames, Bins], fb: NDArray[float32, Mels, Bins]) -> NDArray[float32, Frames, Mels]:
    return np.log(power @ fb.T + 1e-10)


def cmvn(feats: NDArray[float32, Frames, Mels]) -> NDArray[float32, Frames, Mels]:
    return (feats - feats.mean(axis=0)) / (feats.std(axis=0) + 1e-5)


def deltas(feats: NDArray[float32, Frames, Mels]) -> NDArray[float32, Frames, Mels]:
    padded = np.pad(feats, ((1, 1), (0, 0)), mode="edge")
    return (padded[2:] - padded[:-2]) / 2


def with_deltas(feats: NDArray[float32, Frames, Mels]) -> NDArray[float32, Frames, Any]:
    return np.concatenate([feats, deltas(feats)], axis=1)


def main() -> None:
    rng = np.random.default_rng(17)
    power = rng.random((12, 33), dtype=np.float32)
    feats = cmvn(log_mel(power, mel_filterbank(10, 64, 16000)))
    print("mel", feats.shape, with_deltas(feats).shape)


if __name__ == "__main__":
    main()
