"""Mixup and CutMix for an image batch (NHWC, float32) with one-hot labels."""

import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")
K = DimensionVar("K")


def one_hot(labels: NDArray[np.int64, B], n_classes: int) -> np.ndarray:
    return np.eye(n_classes, dtype=np.float32)[labels]


def mixup(
    x: NDArray[np.float32, B, H, W, C], y: NDArray[np.float32, B, K], lam: NDArray[np.float32, B], perm: NDArray[np.int64, B]
) -> tuple[NDArray[np.float32, B, H, W, C], NDArray[np.float32, B, K]]:
    lx = lam[:, None, None, None]
    ly = lam[None, :]  # BUG: (1, B) against labels (B, K)
    return lx * x + (1 - lx) * x[perm], ly * y + (1 - ly) * y[perm]


def cutmix_box(h: int, w: int, lam: float, rng: np.random.Generator) -> tuple[int, int, int, int]:
    cut = np.sqrt(1.0 - lam)
    ch, cw = int(h * cut), int(w * cut)
    cy, cx = int(rng.integers(h)), int(rng.integers(w))
    return max(cy - ch // 2, 0), min(cy + ch // 2, h), max(cx - cw // 2, 0), min(cx + cw // 2, w)


def cutmix(
    x: NDArray[np.float32, B, H, W, C], y: NDArray[np.float32, B, K], perm: NDArray[np.int64, B], box: tuple[int, int, int, int]
) -> tuple[NDArray[np.float32, B, H, W, C], NDArray[np.float32, B, K]]:
    y0, y1, x0, x1 = box
    _, h, w, _ = x.shape
    mixed = x.copy()
    mixed[:, y0:y1, x0:x1, :] = x[perm, y0:y1, x0:x1, :]
    area = np.float32((y1 - y0) * (x1 - x0) / (h * w))
    return mixed, (1 - area) * y + area * y[perm]


def main() -> None:
    rng = np.random.default_rng(10)
    b, h, w, c, k = 4, 6, 5, 3, 7
    x = rng.uniform(size=(b, h, w, c)).astype(np.float32)
    y = one_hot(rng.integers(0, k, size=b), k)
    perm = rng.permutation(b)
    lam = rng.beta(0.4, 0.4, size=b).astype(np.float32)
    xm, ym = mixup(x, y, lam, perm)
    assert np.allclose(ym.sum(axis=1), 1.0, atol=1e-5)
    xc, yc = cutmix(x, y, perm, cutmix_box(h, w, 0.6, rng))
    assert xc.shape == x.shape and np.allclose(yc.sum(axis=1), 1.0, atol=1e-5)
