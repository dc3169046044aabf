"""Denoising score matching over several noise levels, with a small MLP score network and its gradient."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
D = DimensionVar("D")
Hid = DimensionVar("Hid")

Params = dict[str, jax.Array]


def init(key: jax.Array, d: int, hidden: int) -> Params:
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d + 1, hidden)) / jnp.sqrt(d + 1.0),
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, d)) / jnp.sqrt(float(hidden)),
    }


def score_net(params: Params, x: NDArray[np.float32, B, D], log_sigma: NDArray[np.float32, B]) -> NDArray[np.float32, B, D]:
    inp: NDArray[np.float32, B, Any] = jnp.concatenate([x, log_sigma[:, None]], axis=0)  # BUG: the noise level joined on the batch axis
    h = jax.nn.softplus(inp @ params["w1"] + params["b1"])
    return h @ params["w2"]


def dsm_loss(params: Params, x: NDArray[np.float32, B, D], key: jax.Array, sigmas: jax.Array) -> jax.Array:
    k1, k2 = jax.random.split(key)
    idx = jax.random.randint(k1, (x.shape[0],), 0, sigmas.shape[0])
    sigma: NDArray[np.float32, B] = sigmas[idx]
    noise = jax.random.normal(k2, x.shape)
    x_noisy = x + sigma[:, None] * noise
    target = -noise / sigma[:, None]
    pred = score_net(params, x_noisy, jnp.log(sigma))
    per_example = ((pred - target) ** 2).sum(axis=1) * sigma**2
    return 0.5 * per_example.mean()


def main() -> None:
    key = jax.random.PRNGKey(2)
    k1, k2, k3 = jax.random.split(key, 3)
    params = init(k1, 2, 32)
    x = jax.random.normal(k2, (64, 2)) * jnp.array([1.0, 0.3])
    sigmas = jnp.exp(jnp.linspace(jnp.log(0.01), jnp.log(1.0), 10))
    loss, grads = jax.value_and_grad(dsm_loss)(params, x, k3, sigmas)
    assert loss.shape == () and grads["w1"].shape == (3, 32)
    params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)
    assert jnp.isfinite(dsm_loss(params, x, k3, sigmas))


if __name__ == "__main__":
    main()
