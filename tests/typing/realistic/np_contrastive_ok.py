"""SimCLR-style contrastive loss between two augmented views (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch", bound=int)
Embed = DimensionVar("Embed")


def normalise(z: NDArray[float32, Batch, Embed]) -> NDArray[float32, Batch, Embed]:
    return z / np.linalg.norm(z, axis=1, keepdims=True)


def similarity(z1: NDArray[float32, Batch, Embed], z2: NDArray[float32, Batch, Embed], tau: float) -> NDArray[float32, Batch, Batch]:
    return normalise(z1) @ normalise(z2).T / tau


def contrastive_loss(z1: NDArray[float32, Batch, Embed], z2: NDArray[float32, Batch, Embed], tau: float = 0.5) -> float:
    logits = similarity(z1, z2, tau)
    logits = logits - logits.max(axis=1, keepdims=True)
    log_prob = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    return float(-np.diag(log_prob).mean())


def main() -> None:
    rng = np.random.default_rng(10)
    z1 = rng.standard_normal((8, 3), dtype=np.float32)
    z2 = z1 + 0.05 * rng.standard_normal((8, 3), dtype=np.float32)
    print("contrastive", contrastive_loss(z1, z2))


if __name__ == "__main__":
    main()
