"""Mahalanobis-distance outlier scores per class, with a shrunk covariance estimate."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
D = DimensionVar("D")
C = DimensionVar("C")


def class_means(x: NDArray[np.float32, N, D], y: NDArray[np.int64, N], n_classes: int) -> NDArray[np.float32, C, D]:
    return np.stack([x[y == c].mean(axis=0) for c in range(n_classes)])


def shared_precision(x: NDArray[np.float32, N, D], means: NDArray[np.float32, C, D], y: NDArray[np.int64, N], shrink: float = 0.1) -> NDArray[np.float32, D, D]:
    centred = x - means[y]
    cov = centred.T @ centred / x.shape[0]
    target = np.trace(cov) / cov.shape[0] * np.eye(cov.shape[0], dtype=np.float32)
    return np.linalg.inv((1.0 - shrink) * cov + shrink * target).astype(np.float32)


def mahalanobis_scores(x: NDArray[np.float32, N, D], means: NDArray[np.float32, C, D], prec: NDArray[np.float32, D, D]) -> NDArray[np.float32, N]:
    diff: NDArray[np.float32, N, C, D] = x[:, None, :] - means[None, :, :]
    d2 = np.einsum("ncd,de,nce->nc", diff, prec, diff)
    return d2.min(axis=1)


def main() -> None:
    rng = np.random.default_rng(13)
    centres = rng.standard_normal((3, 5)).astype(np.float32) * 4.0
    y = rng.integers(0, 3, size=90)
    x = (centres[y] + rng.standard_normal((90, 5))).astype(np.float32)
    means = class_means(x, y, 3)
    prec = shared_precision(x, means, y)
    scores = mahalanobis_scores(x, means, prec)
    assert scores.shape == (90,)
    outlier = np.full((1, 5), 30.0, dtype=np.float32)
    assert mahalanobis_scores(outlier, means, prec)[0] > scores.max()


if __name__ == "__main__":
    main()
