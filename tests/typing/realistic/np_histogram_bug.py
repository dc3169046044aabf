"""Normalised histograms and empirical CDFs of samples (numpy)."""

from typing import Any

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

N = DimensionVar("N")
Bins = DimensionVar("Bins")


def density(samples: NDArray[float64, N], bins: int) -> tuple[NDArray[float64, Any], NDArray[float64, Any]]:
    counts, edges = np.histogram(samples, bins=bins)
    widths = np.diff(edges)
    return counts, edges  # BUG: raw integer counts returned where float64 densities are declared


def class_counts(labels: NDArray[int64, N], n_classes: int) -> NDArray[int64, Any]:
    return np.bincount(labels, minlength=n_classes)


def ecdf(samples: NDArray[float64, N]) -> tuple[NDArray[float64, N], NDArray[float64, N]]:
    xs = np.sort(samples)
    ps = np.arange(1, xs.shape[0] + 1) / xs.shape[0]
    return xs, ps


def main() -> None:
    rng = np.random.default_rng(17)
    s = rng.standard_normal(200)
    d, e = density(s, 12)
    xs, ps = ecdf(s)
    print("hist", d.shape, e.shape, class_counts(rng.integers(0, 5, 30), 5).shape, xs.shape, ps.shape)


if __name__ == "__main__":
    main()
