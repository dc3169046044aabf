"""An Adam optimiser over arbitrary pytrees, written with jax.tree_util (jax)."""

from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp


@dataclass
class AdamState:
    step: int
    mu: Any
    nu: Any


def adam_init(params) -> AdamState:
    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    return AdamState(step=0, mu=zeros, nu=zeros)


def adam_update(grads, state: AdamState, params, lr=1e-2, b1=0.9, b2=0.999, eps=1e-8):
    step = state.step + 1
    mu = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, grads)
    nu = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, state.nu, grads)
    mu_hat = jax.tree_util.tree_map(lambda m: m / (1 - b1**step), mu)
    nu_hat = jax.tree_util.tree_map(lambda v: v / (1 - b2**step), nu)
    new = jax.tree_util.tree_map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + eps), params, mu_hat, nu_hat)
    return new, AdamState(step, mu, nu)


def main() -> None:
    params = {"a": jnp.array(3.0), "b": {"c": jnp.ones(2)}}

    def loss(p):
        return p["a"] ** 2 + jnp.sum(p["b"]["c"] ** 2)

    state = adam_init(params)
    for _ in range(200):
        grads = jax.grad(loss)(params)
        params, state = adam_update(grads, state, params, lr=0.05)
    print(float(loss(params)), state.step)


if __name__ == "__main__":
    main()
