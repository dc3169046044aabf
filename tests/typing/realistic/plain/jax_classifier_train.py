"""Training a softmax classifier in jax with a params dict, jit and a Python epoch loop."""

import time
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

Params = dict[str, Any]


def init(key: jax.Array, n_in: int, n_classes: int) -> Params:
    return {"w": jax.random.normal(key, (n_in, n_classes)) * 0.01, "b": jnp.zeros(n_classes)}


def loss(params: Params, x: jax.Array, y: jax.Array) -> jax.Array:
    logits = x @ params["w"] + params["b"]
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


@jax.jit
def step(params: Params, x: jax.Array, y: jax.Array) -> tuple[Params, jax.Array]:
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.5 * g, params, grads), value


def accuracy(params: Params, x: jax.Array, y: jax.Array) -> float:
    pred = jnp.argmax(x @ params["w"] + params["b"], axis=1)
    return float(jnp.mean(pred == y))


def main() -> None:
    rng = np.random.default_rng(0)
    centers = rng.standard_normal((3, 4)) * 3
    y_np = rng.integers(0, 3, size=300)
    x = jnp.asarray(centers[y_np] + rng.standard_normal((300, 4)), dtype=jnp.float32)
    y = jnp.asarray(y_np)
    params = init(jax.random.PRNGKey(0), 4, 3)
    start = time.perf_counter()
    for epoch in range(20):
        params, value = step(params, x, y)
        if epoch % 5 == 0:
            print(epoch, round(float(value), 4))
    print("accuracy", accuracy(params, x, y), f"{time.perf_counter() - start:.2f}s")


if __name__ == "__main__":
    main()
