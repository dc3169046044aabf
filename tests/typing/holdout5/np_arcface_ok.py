"""ArcFace additive angular margin logits for a face-recognition head."""

import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
D = DimensionVar("D")
C = DimensionVar("C")


def l2_normalize(x: NDArray[np.float32, B, D], eps: float = 1e-6) -> NDArray[np.float32, B, D]:
    norm = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.maximum(norm, eps)


def arcface_logits(
    emb: NDArray[np.float32, B, D],
    centers: NDArray[np.float32, C, D],
    labels: NDArray[np.int64, B],
    margin: float = 0.5,
    scale: float = 64.0,
) -> NDArray[np.float32, B, C]:
    e = l2_normalize(emb)
    w = centers / np.linalg.norm(centers, axis=1, keepdims=True)
    cos: NDArray[np.float32, B, C] = e @ w.T
    cos = np.clip(cos, -1.0 + 1e-7, 1.0 - 1e-7)
    theta = np.arccos(cos)
    target = np.cos(theta + margin)
    onehot = np.eye(cos.shape[1], dtype=np.float32)[labels]
    logits = onehot * target + (1.0 - onehot) * cos
    return (scale * logits).astype(np.float32)


def arcface_loss(logits: NDArray[np.float32, B, C], labels: NDArray[np.int64, B]) -> float:
    z = logits - logits.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(-logp[np.arange(len(labels)), labels].mean())


def main() -> None:
    rng = np.random.default_rng(0)
    emb = rng.standard_normal((6, 16)).astype(np.float32)
    centers = rng.standard_normal((10, 16)).astype(np.float32)
    labels = rng.integers(0, 10, size=6)
    logits = arcface_logits(emb, centers, labels)
    assert logits.shape == (6, 10)
    loss = arcface_loss(logits, labels)
    assert np.isfinite(loss)


if __name__ == "__main__":
    main()
