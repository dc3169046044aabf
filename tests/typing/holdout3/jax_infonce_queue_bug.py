"""MoCo-style contrastive learning: InfoNCE logits of queries against their positive key and a
queue of negatives, the queue update with .at[].set, and the momentum encoder update."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
Emb = DimensionVar("Emb")
Queue = DimensionVar("Queue")


def normalise(x: NDArray[np.float32, Batch, Emb]) -> NDArray[np.float32, Batch, Emb]:
    return x / jnp.linalg.norm(x, axis=-1, keepdims=True)


def moco_logits(
    q: NDArray[np.float32, Batch, Emb], k: NDArray[np.float32, Batch, Emb], queue: NDArray[np.float32, Queue, Emb], tau: float
) -> NDArray[np.float32, Batch, Any]:
    pos = (q * k).sum(axis=-1, keepdims=True)
    neg = q @ queue.T
    return jnp.concatenate([pos, neg], axis=0) / tau  # BUG: (Batch, 1) and (Batch, Queue) joined along the batch axis


def infonce(logits: NDArray[np.float32, Batch, Any]) -> jax.Array:
    return -jax.nn.log_softmax(logits, axis=-1)[:, 0].mean()


def enqueue(queue: NDArray[np.float32, Queue, Emb], k: NDArray[np.float32, Batch, Emb], ptr: int) -> NDArray[np.float32, Queue, Emb]:
    idx = (ptr + jnp.arange(k.shape[0])) % queue.shape[0]
    return queue.at[idx].set(k)


def momentum_update(online: dict[str, jax.Array], target: dict[str, jax.Array], m: float) -> dict[str, jax.Array]:
    return jax.tree_util.tree_map(lambda t, o: m * t + (1 - m) * o, target, online)


def encode(params: dict[str, jax.Array], x: jax.Array) -> jax.Array:
    return jnp.tanh(x @ params["w"])


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(5), 4)
    batch, d_in, emb, queue_len = 4, 6, 5, 10
    online = {"w": jax.random.normal(keys[0], (d_in, emb))}
    target = dict(online)
    queue = normalise(jax.random.normal(keys[1], (queue_len, emb)))
    x = jax.random.normal(keys[2], (batch, d_in))
    x_aug = x + 0.05 * jax.random.normal(keys[3], (batch, d_in))
    q = normalise(encode(online, x))
    k = normalise(encode(target, x_aug))
    loss = infonce(moco_logits(q, k, queue, 0.07))
    assert loss.shape == () and float(loss) > 0
    queue = enqueue(queue, k, ptr=8)
    assert jnp.allclose(queue[0], k[2])
    target = momentum_update(online, target, 0.99)
    assert target["w"].shape == (d_in, emb)
