"""Non-negative matrix factorisation of a magnitude spectrogram with Lee-Seung multiplicative
updates (Frobenius and KL objectives)."""

import numpy as np

from ndtyping import DimensionVar, NDArray

F = DimensionVar("F")
T = DimensionVar("T")
K = DimensionVar("K")

EPS = 1e-9


def frobenius_step(
    v: NDArray[np.float64, F, T], w: NDArray[np.float64, F, K], h: NDArray[np.float64, K, T]
) -> tuple[NDArray[np.float64, F, K], NDArray[np.float64, K, T]]:
    h = h * (w.T @ v) / (w @ w.T @ h + EPS)  # BUG: (F, F) @ (K, T): the transpose is on the wrong factor
    w = w * (v @ h.T) / (w @ h @ h.T + EPS)
    return w, h


def kl_step(
    v: NDArray[np.float64, F, T], w: NDArray[np.float64, F, K], h: NDArray[np.float64, K, T]
) -> tuple[NDArray[np.float64, F, K], NDArray[np.float64, K, T]]:
    ratio = v / (w @ h + EPS)
    h = h * (w.T @ ratio) / (w.sum(axis=0)[:, None] + EPS)
    ratio = v / (w @ h + EPS)
    w = w * (ratio @ h.T) / (h.sum(axis=1)[None, :] + EPS)
    return w, h


def reconstruction_error(v: NDArray[np.float64, F, T], w: NDArray[np.float64, F, K], h: NDArray[np.float64, K, T]) -> float:
    return float(np.linalg.norm(v - w @ h))


def normalise_columns(w: NDArray[np.float64, F, K], h: NDArray[np.float64, K, T]) -> tuple[NDArray[np.float64, F, K], NDArray[np.float64, K, T]]:
    norms = np.linalg.norm(w, axis=0)
    return w / norms, h * norms[:, None]


def main() -> None:
    rng = np.random.default_rng(7)
    f, t, k = 9, 13, 4
    v = rng.uniform(size=(f, k)) @ rng.uniform(size=(k, t))
    w = rng.uniform(size=(f, k))
    h = rng.uniform(size=(k, t))
    before = reconstruction_error(v, w, h)
    for _ in range(30):
        w, h = frobenius_step(v, w, h)
    for _ in range(10):
        w, h = kl_step(v, w, h)
    w, h = normalise_columns(w, h)
    assert reconstruction_error(v, w, h) < before
