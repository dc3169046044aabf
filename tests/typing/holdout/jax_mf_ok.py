"""Implicit-feedback matrix factorisation: embedding lookups, dot-product logits, a BCE loss (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

User = DimensionVar("User")
Item = DimensionVar("Item")
Factor = DimensionVar("Factor")
Batch = DimensionVar("Batch")


def pair_logits(
    user_emb: NDArray[float32, User, Factor], item_emb: NDArray[float32, Item, Factor], users: NDArray[int32, Batch], items: NDArray[int32, Batch]
) -> NDArray[float32, Batch]:
    u = jnp.take(user_emb, users, axis=0)
    v = jnp.take(item_emb, items, axis=0)
    return jnp.sum(u * v, axis=-1)


def bce(logits: NDArray[float32, Batch], labels: NDArray[float32, Batch]) -> jax.Array:
    return jnp.mean(jax.nn.softplus(logits) - labels * logits)


def all_scores(user_emb: NDArray[float32, User, Factor], item_emb: NDArray[float32, Item, Factor]) -> NDArray[float32, User, Item]:
    return jnp.einsum("uf,if->ui", user_emb, item_emb)


def l2_penalty(user_emb: NDArray[float32, User, Factor], item_emb: NDArray[float32, Item, Factor]) -> jax.Array:
    return jnp.sum(user_emb**2) + jnp.sum(item_emb**2)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(14), 5)
    user_emb = jax.random.normal(keys[0], (6, 4)) * 0.1
    item_emb = jax.random.normal(keys[1], (9, 4)) * 0.1
    users = jax.random.randint(keys[2], (12,), 0, 6)
    items = jax.random.randint(keys[3], (12,), 0, 9)
    labels = jax.random.bernoulli(keys[4], 0.3, (12,)).astype(jnp.float32)
    loss = bce(pair_logits(user_emb, item_emb, users, items), labels) + 1e-4 * l2_penalty(user_emb, item_emb)
    print("mf", float(loss), all_scores(user_emb, item_emb).shape)


if __name__ == "__main__":
    main()
