"""Moving averages, FFT band power and peak picking on a synthetic signal (numpy)."""

import math

import numpy as np


def moving_average(x, window: int):
    kernel = np.ones(window) / window
    return np.convolve(x, kernel, mode="valid")


def band_power(x, fs: float, low: float, high: float) -> float:
    freqs = np.fft.rfftfreq(len(x), d=1.0 / fs)
    spectrum = np.abs(np.fft.rfft(x)) ** 2
    band = (freqs >= low) & (freqs < high)
    return float(spectrum[band].sum() / spectrum.sum())


def peaks(x, min_height=0.0):
    found = []
    for i in range(1, len(x) - 1):
        if x[i] > x[i - 1] and x[i] >= x[i + 1] and x[i] > min_height:
            found.append(i)
    return found


def main() -> None:
    fs = 100.0
    t = np.arange(0, 2, 1 / fs)
    signal = np.sin(2 * math.pi * 5 * t) + 0.3 * np.sin(2 * math.pi * 20 * t)
    smooth = moving_average(signal, 5)
    print(len(smooth), round(band_power(signal, fs, 4, 6), 3), peaks(smooth, 0.5)[:5])


if __name__ == "__main__":
    main()
