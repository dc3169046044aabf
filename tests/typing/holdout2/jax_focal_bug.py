"""Softmax focal loss for imbalanced classification, with per-class weights and ignored labels."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Class = DimensionVar("Class")


def log_probs(logits: NDArray[float32, Batch, Class]) -> NDArray[float32, Batch, Class]:
    return logits - jax.nn.logsumexp(logits, axis=-1)  # BUG: keepdims forgotten: (Batch, Class) - (Batch,)


def focal_loss(
    logits: NDArray[float32, Batch, Class], labels: NDArray[int32, Batch], class_weight: NDArray[float32, Class], gamma: float = 2.0, ignore: int = -1
) -> jax.Array:
    valid = labels != ignore
    safe = jnp.where(valid, labels, 0)
    logp = log_probs(logits)
    logp_t = jnp.take_along_axis(logp, safe[:, None], axis=-1)[:, 0]
    p_t = jnp.exp(logp_t)
    per_example = -class_weight[safe] * (1.0 - p_t) ** gamma * logp_t
    return jnp.sum(jnp.where(valid, per_example, 0.0)) / jnp.maximum(valid.sum(), 1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(13))
    logits = jax.random.normal(k1, (32, 5))
    labels = jax.random.randint(k2, (32,), -1, 5)
    counts = jnp.bincount(jnp.where(labels >= 0, labels, 0), length=5)
    class_weight = (1.0 / jnp.maximum(counts, 1)).astype(jnp.float32)
    class_weight = class_weight / class_weight.mean()
    value, grad = jax.value_and_grad(focal_loss)(logits, labels, class_weight)
    assert grad.shape == (32, 5)
    print("focal", float(value))


if __name__ == "__main__":
    main()
