"""An LSTM over a padded batch of sequences with lax.scan, time-major, with a length mask."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

T = DimensionVar("T")
B = DimensionVar("B")
I = DimensionVar("I")
Hd = DimensionVar("Hd")
G = DimensionVar("G")


def lstm_cell(
    params: dict[str, jax.Array], carry: tuple[NDArray[float32, B, Hd], NDArray[float32, B, Hd]], x_t: NDArray[float32, B, I]
) -> tuple[NDArray[float32, B, Hd], NDArray[float32, B, Hd]]:
    h, c = carry
    gates = x_t @ params["w_x"] + h @ params["w_h"] + params["b"]
    i, f, g, o = jnp.split(gates, 4, axis=-1)
    c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return h, c


def lstm(params: dict[str, jax.Array], xs: NDArray[float32, T, B, I], lengths: NDArray[int32, B]) -> tuple[NDArray[float32, T, B, Hd], NDArray[float32, B, Hd]]:
    batch, hidden = xs.shape[1], params["w_h"].shape[0]
    init = (jnp.zeros((batch, hidden)), jnp.zeros((batch, hidden)))

    def step(carry, inp):
        x_t, t = inp
        new = lstm_cell(params, carry, x_t)
        alive = (t < lengths)[:, None]
        carry = tuple(jnp.where(alive, n, o) for n, o in zip(new, carry))
        return carry, jnp.where(alive, carry[0], 0.0)

    (h_last, _), outputs = jax.lax.scan(step, init, (xs, jnp.arange(xs.shape[0])))
    return outputs.transpose(1, 0, 2), h_last  # BUG: batch-major outputs (B, T, Hd) returned where time-major (T, B, Hd) is declared


def init_params(key: jax.Array, inp: int, hidden: int) -> dict[str, jax.Array]:
    k1, k2 = jax.random.split(key)
    return {
        "w_x": jax.random.normal(k1, (inp, 4 * hidden)) / jnp.sqrt(inp),
        "w_h": jax.random.normal(k2, (hidden, 4 * hidden)) / jnp.sqrt(hidden),
        "b": jnp.zeros(4 * hidden),
    }


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(12))
    t, b, i, h = 9, 3, 5, 7
    params = init_params(k1, i, h)
    xs = jax.random.normal(k2, (t, b, i))
    lengths = jnp.array([9, 4, 6], dtype=jnp.int32)
    outputs, h_last = lstm(params, xs, lengths)
    assert outputs.shape == (t, b, h) and h_last.shape == (b, h)
    assert jnp.allclose(outputs[3, 1], h_last[1]) and float(jnp.abs(outputs[5:, 1]).max()) == 0.0


if __name__ == "__main__":
    main()
