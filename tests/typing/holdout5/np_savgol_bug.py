"""Savitzky-Golay smoothing and derivative filters from a least-squares polynomial fit, applied channel-wise."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
Ch = DimensionVar("Ch")
Win = DimensionVar("Win")


def window_offsets(window: int) -> np.ndarray:
    half = window // 2
    return np.arange(-half, half + 1, dtype=np.float64)


def savgol_coeffs(offsets: NDArray[np.float64, Win], order: int, deriv: int = 0) -> NDArray[np.float64, Win]:
    vander: NDArray[np.float64, Win, Any] = offsets[None, :] ** np.arange(order + 1)[:, None]  # BUG: the Vandermonde matrix built transposed: (order + 1, Win)
    pinv = np.linalg.pinv(vander)
    return pinv[deriv] * float(np.prod(np.arange(1, deriv + 1)))


def apply_filter(signal: NDArray[np.float64, T, Ch], coeffs: NDArray[np.float64, Win]) -> NDArray[np.float64, T, Ch]:
    half = coeffs.shape[0] // 2
    padded = np.pad(signal, ((half, half), (0, 0)), mode="reflect")
    out = np.zeros_like(signal)
    for k, c in enumerate(coeffs):
        out += c * padded[k : k + signal.shape[0]]
    return out


def main() -> None:
    rng = np.random.default_rng(14)
    t = np.linspace(0, 4 * np.pi, 300)
    clean = np.stack([np.sin(t), np.cos(2 * t), 0.1 * t], axis=1)
    noisy = clean + 0.05 * rng.standard_normal(clean.shape)
    smooth = apply_filter(noisy, savgol_coeffs(window_offsets(11), 3))
    assert smooth.shape == (300, 3)
    assert np.abs(smooth - clean)[20:-20].mean() < np.abs(noisy - clean)[20:-20].mean()
    slope = apply_filter(clean, savgol_coeffs(window_offsets(11), 3, deriv=1)) / (t[1] - t[0])
    assert abs(slope[150, 2] - 0.1) < 0.05


if __name__ == "__main__":
    main()
