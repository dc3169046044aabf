"""An Elman RNN over sequences with jax.lax.scan, annotated with jax.Array only."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class RNNParams(NamedTuple):
    w_x: jax.Array
    w_h: jax.Array
    b: jax.Array


def init(key: jax.Array, n_in: int, n_hidden: int) -> RNNParams:
    k1, k2 = jax.random.split(key)
    return RNNParams(
        w_x=jax.random.normal(k1, (n_in, n_hidden)) * 0.1,
        w_h=jax.random.normal(k2, (n_hidden, n_hidden)) * 0.1,
        b=jnp.zeros(n_hidden),
    )


def run(params: RNNParams, xs: jax.Array) -> tuple[jax.Array, jax.Array]:
    def step(h: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        h = jnp.tanh(x @ params.w_x + h @ params.w_h + params.b)
        return h, h

    h0 = jnp.zeros(params.w_h.shape[0])
    return jax.lax.scan(step, h0, xs)


def main() -> None:
    params = init(jax.random.PRNGKey(0), 4, 8)
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 4))
    last, hs = run(params, xs)
    batched = jax.vmap(lambda seq: run(params, seq)[0])(jnp.stack([xs, xs * 2]))
    print(last.shape, hs.shape, batched.shape)


if __name__ == "__main__":
    main()
