"""An Elman RNN over a sequence with jax.lax.scan."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Time = DimensionVar("Time")
In = DimensionVar("In")
Hidden = DimensionVar("Hidden")


def cell(
    h: NDArray[float32, Hidden], x: NDArray[float32, In], w_x: NDArray[float32, In, Hidden], w_h: NDArray[float32, Hidden, Hidden]
) -> NDArray[float32, Hidden]:
    return jnp.tanh(x @ w_x + h @ w_h)


def run(
    xs: NDArray[float32, Time, In], h0: NDArray[float32, Hidden], w_x: NDArray[float32, In, Hidden], w_h: NDArray[float32, Hidden, Hidden]
) -> tuple[NDArray[float32, Hidden], NDArray[float32, Time, Hidden]]:
    def step(h: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        new_h = cell(h, x, w_x, w_h)
        return new_h, new_h

    last, hs = jax.lax.scan(step, h0, xs)
    return hs, last  # BUG: scan results returned in the wrong order


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(30), 3)
    xs = jax.random.normal(k1, (9, 3))
    w_x = jax.random.normal(k2, (3, 5)) * 0.5
    w_h = jax.random.normal(k3, (5, 5)) * 0.5
    last, hs = run(xs, jnp.zeros(5), w_x, w_h)
    print("scan rnn", last.shape, hs.shape)


if __name__ == "__main__":
    main()
