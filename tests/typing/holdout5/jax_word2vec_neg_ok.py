"""Skip-gram word2vec with negative sampling: unigram^0.75 negatives, the loss, and an SGD step with jax.grad."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

V = DimensionVar("V")
D = DimensionVar("D")
B = DimensionVar("B")
K = DimensionVar("K")


def init(key: jax.Array, vocab: int, dim: int) -> dict[str, jax.Array]:
    return {"in": 0.1 * jax.random.normal(key, (vocab, dim)), "out": jnp.zeros((vocab, dim))}


def sample_negatives(key: jax.Array, counts: NDArray[np.float32, V], batch: int, k: int) -> NDArray[np.int32, Any, Any]:
    probs = counts**0.75
    return jax.random.choice(key, counts.shape[0], (batch, k), p=probs / probs.sum()).astype(jnp.int32)


def sgns_loss(
    emb_in: NDArray[np.float32, V, D],
    emb_out: NDArray[np.float32, V, D],
    centre: NDArray[np.int32, B],
    context: NDArray[np.int32, B],
    negatives: NDArray[np.int32, B, K],
) -> jax.Array:
    c = emb_in[centre]
    pos = (c * emb_out[context]).sum(axis=-1)
    neg: NDArray[np.float32, B, K] = jnp.einsum("bd,bkd->bk", c, emb_out[negatives])
    return -(jax.nn.log_sigmoid(pos) + jax.nn.log_sigmoid(-neg).sum(axis=1)).mean()


def sgd_step(params: dict[str, jax.Array], batch: tuple[jax.Array, jax.Array, jax.Array], lr: float) -> dict[str, jax.Array]:
    grads = jax.grad(lambda p: sgns_loss(p["in"], p["out"], *batch))(params)
    return {k: params[k] - lr * grads[k] for k in params}


def main() -> None:
    key = jax.random.PRNGKey(9)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    params = init(k1, 50, 16)
    counts = jax.random.randint(k2, (50,), 1, 100).astype(jnp.float32)
    centre = jax.random.randint(k3, (32,), 0, 50).astype(jnp.int32)
    context = (centre + 1) % 50
    negatives = sample_negatives(k4, counts, 32, 5)
    assert negatives.shape == (32, 5)
    before = sgns_loss(params["in"], params["out"], centre, context, negatives)
    for _ in range(30):
        params = sgd_step(params, (centre, context, negatives), lr=0.5)
    assert sgns_loss(params["in"], params["out"], centre, context, negatives) < before


if __name__ == "__main__":
    main()
