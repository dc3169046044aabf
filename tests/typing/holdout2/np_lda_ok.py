"""Fisher linear discriminant analysis: class means, pooled within-class scatter, projection."""

from __future__ import annotations

import numpy as np

from ndtyping import DimensionVar, NDArray, float64, int64

Sample = DimensionVar("Sample")
Feat = DimensionVar("Feat")
Class = DimensionVar("Class")


def class_means(x: NDArray[float64, Sample, Feat], y: NDArray[int64, Sample], n_classes: int) -> NDArray[float64, Class, Feat]:
    one_hot = np.eye(n_classes)[y]
    counts = one_hot.sum(axis=0)
    return (one_hot.T @ x) / counts[:, None]


def within_scatter(x: NDArray[float64, Sample, Feat], y: NDArray[int64, Sample], means: NDArray[float64, Class, Feat]) -> NDArray[float64, Feat, Feat]:
    centred = x - means[y]
    return centred.T @ centred / (x.shape[0] - means.shape[0])


def discriminants(means: NDArray[float64, Class, Feat], scatter: NDArray[float64, Feat, Feat], shrink: float = 1e-3) -> NDArray[float64, Feat, Class]:
    reg = scatter + shrink * np.eye(scatter.shape[0])
    return np.linalg.solve(reg, means.T)


def predict(x: NDArray[float64, Sample, Feat], means: NDArray[float64, Class, Feat], w: NDArray[float64, Feat, Class]) -> NDArray[np.intp, Sample]:
    bias = -0.5 * (means * w.T).sum(axis=1)
    return (x @ w + bias).argmax(axis=1)


def main() -> None:
    rng = np.random.default_rng(18)
    centres = rng.normal(scale=3.0, size=(3, 5))
    y = rng.integers(0, 3, size=60)
    x = centres[y] + rng.normal(size=(60, 5))
    means = class_means(x, y, 3)
    w = discriminants(means, within_scatter(x, y, means))
    print("accuracy", float((predict(x, means, w) == y).mean()))


if __name__ == "__main__":
    main()
