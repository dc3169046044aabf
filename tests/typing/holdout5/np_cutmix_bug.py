"""CutMix augmentation: paste a random box from a shuffled batch and mix the labels by area."""

import numpy as np
import numpy.typing as npt

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
C = DimensionVar("C")
H = DimensionVar("H")
W = DimensionVar("W")
K = DimensionVar("K")


def random_box(h: int, w: int, lam: float, rng: np.random.Generator) -> tuple[int, int, int, int]:
    cut = np.sqrt(1.0 - lam)
    ch, cw = int(h * cut), int(w * cut)
    cy, cx = int(rng.integers(h)), int(rng.integers(w))
    y0, y1 = max(cy - ch // 2, 0), min(cy + ch // 2, h)
    x0, x1 = max(cx - cw // 2, 0), min(cx + cw // 2, w)
    return y0, y1, x0, x1


def box_mask(h: int, w: int, box: tuple[int, int, int, int]) -> npt.NDArray[np.float32]:
    y0, y1, x0, x1 = box
    mask = np.zeros((h, w), dtype=np.float32)
    mask[y0:y1, x0:x1] = 1.0
    return mask


def cutmix(
    images: NDArray[np.float32, N, C, H, W],
    onehot: NDArray[np.float32, N, K],
    perm: NDArray[np.int64, N],
    mask: NDArray[np.float32, H, W],
) -> tuple[NDArray[np.float32, N, C, H, W], NDArray[np.float32, N, K]]:
    m: NDArray[np.float32, H, W] = mask.T  # BUG: a spurious transpose: the mask is (W, H)
    mixed = images * (1.0 - m) + images[perm] * m
    area = m.mean()
    labels: NDArray[np.float32, N, K] = (1.0 - area) * onehot + area * onehot[perm]
    return mixed.astype(np.float32), labels.astype(np.float32)


def main() -> None:
    rng = np.random.default_rng(1)
    images = rng.random((5, 3, 12, 20), dtype=np.float32)
    onehot = np.eye(7, dtype=np.float32)[rng.integers(0, 7, size=5)]
    perm = rng.permutation(5)
    box = random_box(12, 20, float(rng.beta(1.0, 1.0)), rng)
    mask = box_mask(12, 20, box)
    mixed, labels = cutmix(images, onehot, perm, mask)
    assert mixed.shape == (5, 3, 12, 20) and labels.shape == (5, 7)
    assert np.allclose(labels.sum(axis=1), 1.0, atol=1e-5)


if __name__ == "__main__":
    main()
