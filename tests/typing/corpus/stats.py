"""Ordinary numpy code (no ndtyping): descriptive statistics and standardisation."""

import numpy as np
import numpy.typing as npt


def standardise(data: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    mean = np.mean(data, axis=0)
    std = np.std(data, axis=0)
    return (data - mean) / np.where(std == 0, 1.0, std)


def summary(data: npt.NDArray[np.float64]) -> dict[str, float]:
    return {
        "mean": float(np.mean(data)),
        "max": float(np.max(data)),
        "min": float(np.min(data)),
        "total": float(np.sum(data)),
    }


def column_maxima(data: npt.NDArray[np.float64]) -> list[float]:
    peaks = np.max(data, axis=0)
    return [float(v) for v in peaks]


def correlation(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> float:
    a0 = a - a.mean()
    b0 = b - b.mean()
    return float(np.sum(a0 * b0) / np.sqrt(np.sum(a0 * a0) * np.sum(b0 * b0)))


def main() -> None:
    rng = np.random.default_rng(0)
    data = rng.standard_normal((100, 4))
    z = standardise(data)
    print(summary(z), column_maxima(z), correlation(z[:, 0], z[:, 1]))
    counts = np.sum(data > 0, axis=1)
    print(counts.shape, np.argmax(data, axis=1)[:5], np.any(data > 3, axis=0))
    stacked = np.stack([data, data])
    joined = np.concatenate([data, data], axis=0)
    print(stacked.shape, joined.shape, np.transpose(data).shape, np.swapaxes(stacked, 0, 2).shape)


if __name__ == "__main__":
    main()
