"""Ordinary jax code (no ndtyping): vmap, lax.scan, random, reductions and layout functions."""

import jax
import jax.numpy as jnp
from jax import lax


def pairwise_distances(a: jax.Array, b: jax.Array) -> jax.Array:
    def one(x: jax.Array, y: jax.Array) -> jax.Array:
        return jnp.sqrt(jnp.sum((x - y) ** 2))

    doubled = jax.vmap(lambda row: row * 2)(a)
    return jax.vmap(jax.vmap(one, in_axes=(None, 0)), in_axes=(0, None))(doubled, b)


def cumulative(xs: jax.Array) -> tuple[jax.Array, jax.Array]:
    def step(carry: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        new = carry + x
        return new, new * 2

    return lax.scan(step, jnp.zeros(xs.shape[1:]), xs)


def normalise(x: jax.Array) -> jax.Array:
    mean = jnp.mean(x, axis=0, keepdims=True)
    std = jnp.std(x, axis=0, keepdims=True)
    return jnp.where(std > 0, (x - mean) / std, 0.0)


def layout(x: jax.Array) -> jax.Array:
    y = jnp.swapaxes(jnp.expand_dims(x, 0), 0, -1)
    z = jnp.moveaxis(y, 0, -1)
    rows, cols = jnp.transpose(x).shape
    flat = jnp.reshape(z, (-1,))
    return jnp.concatenate([flat, jnp.ravel(jnp.stack([x, x]))]) + rows + cols


def softmax_attention(q: jax.Array, k: jax.Array, v: jax.Array) -> jax.Array:
    scores = jnp.einsum("qd,kd->qk", q, k) / jnp.sqrt(q.shape[-1])
    return jnp.matmul(jax.nn.softmax(scores, axis=-1), v)


def main() -> None:
    key = jax.random.PRNGKey(1)
    k1, k2 = jax.random.split(key)
    a = jax.random.uniform(k1, (5, 3))
    b = jax.random.uniform(k2, (4, 3))
    print(pairwise_distances(a, b).shape, cumulative(a)[0], normalise(a).max())
    print(layout(a).shape, softmax_attention(a, b, b).shape)
    print(jnp.clip(a, 0.1, 0.9).min(), jnp.maximum(a, 0.5).sum(), jnp.arange(10).reshape(2, 5).T)
    print(jnp.zeros((2, 3)).at[0, 0].set(1.0), jnp.eye(3) @ jnp.ones(3), jnp.full((2,), 7.0))


if __name__ == "__main__":
    main()
