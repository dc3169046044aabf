"""The PPO clipped surrogate objective with an entropy bonus, from categorical policy logits (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

Batch = DimensionVar("Batch")
Action = DimensionVar("Action")


def log_prob(logits: NDArray[float32, Batch, Action], actions: NDArray[int32, Batch]) -> NDArray[float32, Batch]:
    logp = jax.nn.log_softmax(logits, axis=-1)
    return jnp.take_along_axis(logp, actions[:, None], axis=-1)  # BUG: forgot squeeze: (Batch, 1), not (Batch,)


def entropy(logits: NDArray[float32, Batch, Action]) -> NDArray[float32, Batch]:
    logp = jax.nn.log_softmax(logits)
    return -jnp.sum(jnp.exp(logp) * logp, axis=-1)


def ppo_loss(
    logits: NDArray[float32, Batch, Action], old_logp: NDArray[float32, Batch], actions: NDArray[int32, Batch], advantages: NDArray[float32, Batch], clip: float = 0.2, ent_coef: float = 0.01
) -> jax.Array:
    ratio = jnp.exp(log_prob(logits, actions) - old_logp)
    unclipped = ratio * advantages
    clipped = jnp.clip(ratio, 1 - clip, 1 + clip) * advantages
    return -jnp.minimum(unclipped, clipped).mean() - ent_coef * entropy(logits).mean()


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(13), 3)
    logits = jax.random.normal(k1, (10, 4))
    actions = jax.random.randint(k2, (10,), 0, 4)
    old_logp = log_prob(logits + 0.1, actions)
    loss, grads = jax.value_and_grad(ppo_loss)(logits, old_logp, actions, jax.random.normal(k3, (10,)))
    print("ppo", float(loss), grads.shape)


if __name__ == "__main__":
    main()
