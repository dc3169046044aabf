"""Label binarisation and the multi-class metrics built on it, after scikit-learn's
label_binarize(), log_loss() and a multi-class Brier score: an integer indicator matrix, clipped
probabilities, and per-class one-vs-rest counts."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
C = DimensionVar("C")


def label_binarize(y: NDArray[np.int64, N], classes: NDArray[np.int64, C]) -> NDArray[np.int64, N, C]:
    Y = np.zeros((y.shape[0], classes.shape[0]), dtype=np.int64)
    idx = np.searchsorted(classes, y)
    Y[np.arange(y.shape[0]), idx] = 1
    return Y


def log_loss(Y: NDArray[np.int64, N, C], proba: NDArray[np.float64, N, C], eps: float = 1e-15) -> float:
    p = np.clip(proba, eps, 1 - eps)
    p = p / p.sum(axis=1, keepdims=True)
    return float(-np.mean(np.sum(Y * np.log(p), axis=1)))


def brier_multiclass(Y: NDArray[np.int64, N, C], proba: NDArray[np.float64, N, C]) -> float:
    return float(np.mean(np.sum((proba - Y) ** 2, axis=1)))


def one_vs_rest_counts(Y: NDArray[np.int64, N, C], proba: NDArray[np.float64, N, C], threshold: float = 0.5) -> tuple[NDArray[np.int64, C], NDArray[np.int64, C]]:
    predicted = (proba >= threshold).astype(np.int64)
    true_pos = np.sum(predicted * Y, axis=0)
    false_pos = np.sum(predicted * (1 - Y), axis=0)
    return true_pos, false_pos


def main() -> None:
    rng = np.random.default_rng(28)
    classes = np.array([2, 5, 7, 11])
    y = rng.choice(classes, size=30)
    Y = label_binarize(y, classes)
    assert Y.shape == (30, 4) and Y.dtype == np.int64
    assert np.all(Y.sum(axis=1) == 1)
    logits = 2.0 * Y + rng.normal(size=(30, 4))
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    assert 0.0 < log_loss(Y, proba) < np.log(4)
    assert 0.0 < brier_multiclass(Y, proba) < 1.0
    tp, fp = one_vs_rest_counts(Y, proba)
    assert tp.shape == (4,) and tp.dtype == np.int64 and np.all(tp <= Y.sum(axis=0))


if __name__ == "__main__":
    main()
