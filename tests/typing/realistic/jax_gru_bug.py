"""A GRU cell and a single decoding step with jax.nn.sigmoid and jnp.tanh."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Hidden = DimensionVar("Hidden")


def gru_cell(
    x: NDArray[float32, Batch, In],
    h: NDArray[float32, Batch, Hidden],
    w_z: NDArray[float32, In, Hidden],
    u_z: NDArray[float32, Hidden, Hidden],
    w_r: NDArray[float32, In, Hidden],
    u_r: NDArray[float32, Hidden, Hidden],
    w_h: NDArray[float32, In, Hidden],
    u_h: NDArray[float32, Hidden, Hidden],
) -> NDArray[float32, Batch, Hidden]:
    z = jax.nn.sigmoid(x @ w_z + h @ u_z)
    r = jax.nn.sigmoid(x @ w_r + h @ w_r)  # BUG: copy-paste: the input weight applied to the hidden state
    candidate = jnp.tanh(x @ w_h + (r * h) @ u_h)
    return (1 - z) * h + z * candidate


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(40), 8)
    x = jax.random.normal(keys[0], (3, 4))
    h = jax.random.normal(keys[1], (3, 6))
    ws = [jax.random.normal(k, (4, 6)) * 0.3 for k in keys[2:5]]
    us = [jax.random.normal(k, (6, 6)) * 0.3 for k in keys[5:8]]
    print("gru", gru_cell(x, h, ws[0], us[0], ws[1], us[1], ws[2], us[2]).shape)


if __name__ == "__main__":
    main()
