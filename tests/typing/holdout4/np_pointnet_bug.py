"""A PointNet-style classifier forward pass: shared per-point MLP, symmetric max-pool, class head."""

from typing import NamedTuple

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Pts = DimensionVar("Pts")
C_in = DimensionVar("C_in")
Hid = DimensionVar("Hid")
Feat = DimensionVar("Feat")
Cls = DimensionVar("Cls")


class PointNetParams(NamedTuple):
    w1: np.ndarray
    w2: np.ndarray
    w_head: np.ndarray
    b_head: np.ndarray


def shared_mlp(points: NDArray[float32, Batch, Pts, C_in], w1: NDArray[float32, C_in, Hid], w2: NDArray[float32, Hid, Feat]) -> NDArray[float32, Batch, Pts, Feat]:
    h = np.maximum(points @ w1, 0.0)
    return np.maximum(h @ w2, 0.0)


def global_feature(per_point: NDArray[float32, Batch, Pts, Feat], mask: NDArray[np.bool_, Batch, Pts]) -> NDArray[float32, Batch, Feat]:
    masked = np.where(mask[:, None, :], per_point, -np.inf)  # BUG: the feature axis must be added last: (Batch, 1, Pts) meets Feat
    return masked.max(axis=1)


def classify(points: NDArray[float32, Batch, Pts, C_in], mask: NDArray[np.bool_, Batch, Pts], params: PointNetParams) -> NDArray[float32, Batch, Cls]:
    feats = global_feature(shared_mlp(points, params.w1, params.w2), mask)
    logits = feats @ params.w_head + params.b_head
    return logits - logits.max(axis=1, keepdims=True)


def main() -> None:
    rng = np.random.default_rng(14)
    b, n, hid, feat, cls = 2, 50, 16, 24, 5
    params = PointNetParams(
        (0.3 * rng.standard_normal((3, hid))).astype(np.float32),
        (0.3 * rng.standard_normal((hid, feat))).astype(np.float32),
        (0.3 * rng.standard_normal((feat, cls))).astype(np.float32),
        np.zeros(cls, dtype=np.float32),
    )
    points = rng.standard_normal((b, n, 3)).astype(np.float32)
    mask = np.ones((b, n), dtype=bool)
    mask[1, 40:] = False
    logits = classify(points, mask, params)
    assert logits.shape == (b, cls)
    perm = rng.permutation(n)
    assert np.allclose(classify(points[:, perm], mask[:, perm], params), logits, atol=1e-5)


if __name__ == "__main__":
    main()
