"""Logging scalars from a jax training step: float(), .item(), a metrics dict."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Classes = DimensionVar("Classes")


def metrics(logits: NDArray[float32, Batch, Classes], targets: NDArray[float32, Batch, Classes]) -> dict[str, float]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    loss = -(targets * logp).sum(axis=-1)
    return {
        "loss": float(loss.mean()),
        "loss_max": float(jnp.max(loss)),
        "confidence": jnp.exp(logp).max(axis=-1).mean().item(),
    }


def per_class_mass(logits: NDArray[float32, Batch, Classes]) -> NDArray[float32, Classes]:
    return jax.nn.softmax(logits, axis=-1).mean(axis=-1)  # BUG: mean over the classes instead of the batch


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(50))
    logits = jax.random.normal(k1, (6, 4))
    targets = jax.nn.one_hot(jax.random.randint(k2, (6,), 0, 4), 4)
    print("log", metrics(logits, targets), per_class_mass(logits).shape)


if __name__ == "__main__":
    main()
