"""MFCCs: power spectrum frames through a mel filterbank, log, then a DCT-II over the mel bands."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

Frames = DimensionVar("Frames")
Bins = DimensionVar("Bins")
Mels = DimensionVar("Mels")
Ceps = DimensionVar("Ceps")


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_filterbank(n_mels: int, n_fft: int, sr: float) -> NDArray[float64, Mels, Bins]:
    n_bins = n_fft // 2 + 1
    mel_pts = np.linspace(hz_to_mel(0.0), hz_to_mel(sr / 2), n_mels + 2)
    hz_pts = 700.0 * (10 ** (mel_pts / 2595.0) - 1.0)
    freqs = np.linspace(0.0, sr / 2, n_bins)
    lower, centre, upper = hz_pts[:-2, None], hz_pts[1:-1, None], hz_pts[2:, None]
    rising = (freqs[None, :] - lower) / (centre - lower)
    falling = (upper - freqs[None, :]) / (upper - centre)
    return np.maximum(0.0, np.minimum(rising, falling))


def dct_matrix(n_ceps: int, n_mels: int) -> NDArray[float64, Ceps, Mels]:
    k = np.arange(n_ceps)[:, None]
    m = np.arange(n_mels)[None, :]
    return np.sqrt(2.0 / n_mels) * np.cos(np.pi * k * (2 * m + 1) / (2 * n_mels))


def mfcc(
    power: NDArray[float64, Frames, Bins], fbank: NDArray[float64, Mels, Bins], dct: NDArray[float64, Ceps, Mels]
) -> NDArray[float64, Frames, Ceps]:
    mel_energy = power @ fbank.T
    log_mel: NDArray[float64, Frames, Mels] = np.log(mel_energy + 1e-10)
    return log_mel @ dct.T


def main() -> None:
    rng = np.random.default_rng(7)
    sr, n_fft = 8000.0, 64
    frames = rng.standard_normal((9, n_fft)) * np.hanning(n_fft)
    power = np.abs(np.fft.rfft(frames, axis=1)) ** 2
    coeffs = mfcc(power, mel_filterbank(10, n_fft, sr), dct_matrix(6, 10))
    assert coeffs.shape == (9, 6)
    assert np.isfinite(coeffs).all()


if __name__ == "__main__":
    main()
