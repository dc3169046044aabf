"""Center loss for discriminative features: pull embeddings to per-class centres, centres updated with .at[].add."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
D = DimensionVar("D")
C = DimensionVar("C")


def center_loss(feats: NDArray[np.float32, B, D], labels: NDArray[np.int32, B], centres: NDArray[np.float32, C, D]) -> jax.Array:
    diff = feats - centres[labels]
    return 0.5 * (diff**2).sum(axis=1).mean()


def update_centres(feats: NDArray[np.float32, B, D], labels: NDArray[np.int32, B], centres: NDArray[np.float32, C, D], rate: float = 0.5) -> NDArray[np.float32, C, D]:
    n_classes = centres.shape[0]
    diff = centres[labels] - feats
    sums = jnp.zeros_like(centres).at[labels].add(diff)
    counts: NDArray[np.float32, C] = jnp.zeros(n_classes).at[labels].add(1.0)
    delta = sums / (1.0 + counts[:, None])
    return centres - rate * delta


def joint_loss(w: NDArray[np.float32, D, C], feats: NDArray[np.float32, B, D], labels: NDArray[np.int32, B], centres: NDArray[np.float32, C, D], lam: float = 0.1) -> jax.Array:
    logits = feats @ w
    ce = -jnp.take_along_axis(jax.nn.log_softmax(logits, axis=-1), labels[:, None], axis=1).mean()
    return ce + lam * center_loss(feats, labels, centres)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(15), 3)
    feats = jax.random.normal(k1, (24, 6))
    labels = jax.random.randint(k2, (24,), 0, 4).astype(jnp.int32)
    centres = jnp.zeros((4, 6))
    w = 0.1 * jax.random.normal(k3, (6, 4))
    before = center_loss(feats, labels, centres)
    for _ in range(10):
        centres = update_centres(feats, labels, centres)
    assert centres.shape == (4, 6)
    assert center_loss(feats, labels, centres) < before
    g = jax.grad(joint_loss, argnums=1)(w, feats, labels, centres)
    assert g.shape == (24, 6)


if __name__ == "__main__":
    main()
