"""Ordinary jax code (no ndtyping): an MLP trained with jax.grad over a pytree of parameters."""

from typing import Any

import jax
import jax.numpy as jnp

Params = list[tuple[jax.Array, jax.Array]]


def init_params(key: jax.Array, sizes: list[int]) -> Params:
    params: Params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        key, w_key = jax.random.split(key)
        w = jax.random.normal(w_key, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
        params.append((w, jnp.zeros((n_out,))))
    return params


def predict(params: Params, x: jax.Array) -> jax.Array:
    for w, b in params[:-1]:
        x = jax.nn.relu(jnp.dot(x, w) + b)
    w, b = params[-1]
    return jax.nn.log_softmax(jnp.dot(x, w) + b, axis=-1)


def loss(params: Params, x: jax.Array, labels: jax.Array) -> jax.Array:
    logits = predict(params, x)
    one_hot = jax.nn.one_hot(labels, logits.shape[-1])
    return -jnp.mean(jnp.sum(one_hot * logits, axis=-1))


@jax.jit
def update(params: Params, x: jax.Array, labels: jax.Array) -> Params:
    grads = jax.grad(loss)(params, x, labels)
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)


def accuracy(params: Params, x: jax.Array, labels: jax.Array) -> float:
    predicted = jnp.argmax(predict(params, x), axis=1)
    return float(jnp.mean(predicted == labels))


def untyped_layer(params, x):  # ordinary code is often untyped
    hidden = jnp.tanh(jnp.matmul(x, params["w"]) + params["b"])
    return hidden.at[0].set(0.0)


def any_pytree(tree: dict[str, Any]) -> jax.Array:
    total = jnp.sum(tree["w"], axis=0)
    scaled = jnp.transpose(tree["w"]) * 2.0
    return total.at[0].set(1.0) + jnp.sum(scaled)


def main() -> None:
    key = jax.random.PRNGKey(0)
    params = init_params(key, [4, 16, 3])
    x = jax.random.normal(key, (32, 4))
    labels = jax.random.randint(key, (32,), 0, 3)
    for _ in range(3):
        params = update(params, x, labels)
    print(accuracy(params, x, labels), untyped_layer({"w": jnp.ones((4, 2)), "b": jnp.zeros(2)}, x).shape)
    print(any_pytree({"w": jnp.ones((3, 2))}).block_until_ready())


if __name__ == "__main__":
    main()
