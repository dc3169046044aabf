"""A GRU over a (time, batch, features) sequence with lax.scan, the cell written as Flax's
GRUCell computes it (input and hidden projections split into the reset, update and candidate
gates with jnp.split), and a linear readout of the last hidden state."""

from dataclasses import dataclass
from typing import Any, Generic

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

T = DimensionVar("T")
B = DimensionVar("B")
In = DimensionVar("In")
Hid = DimensionVar("Hid")


@jax.tree_util.register_dataclass
@dataclass
class GRUParams(Generic[In, Hid]):
    w_x: NDArray[np.float32, In, Any]  # (In, 3 * Hid): reset, update, candidate
    u_rz: NDArray[np.float32, Hid, Any]  # (Hid, 2 * Hid)
    u_h: NDArray[np.float32, Hid, Hid]
    b: NDArray[np.float32, Any]  # (3 * Hid,)


def init_gru(key: jax.Array, n_in: int, n_hid: int) -> GRUParams[Any, Any]:
    k1, k2, k3 = jax.random.split(key, 3)
    return GRUParams(
        jax.random.normal(k1, (n_in, 3 * n_hid)) / jnp.sqrt(n_in),
        jax.random.normal(k2, (n_hid, 2 * n_hid)) / jnp.sqrt(n_hid),
        jax.random.normal(k3, (n_hid, n_hid)) / jnp.sqrt(n_hid),
        jnp.zeros(3 * n_hid),
    )


def gru_cell(p: GRUParams[In, Hid], h: NDArray[np.float32, B, Hid], x: NDArray[np.float32, B, In]) -> NDArray[np.float32, B, Hid]:
    xr, xz, xh = jnp.split(x @ p.w_x + p.b, 3, axis=-1)
    hr, hz = jnp.split(h @ p.u_rz, 2, axis=-1)
    r = jax.nn.sigmoid(xr + hr)
    z = jax.nn.sigmoid(xz + hz)
    candidate = jnp.tanh(xh + (r * h) @ p.u_h)
    return (1.0 - z) * candidate + z * h


def gru_sequence(p: GRUParams[In, Hid], xs: NDArray[np.float32, T, B, In]) -> tuple[NDArray[np.float32, T, B, Hid], NDArray[np.float32, B, Hid]]:
    h0 = jnp.zeros((xs.shape[0], p.u_h.shape[0]), dtype=xs.dtype)  # BUG: initial state sized by the time axis (T, Hid), not the batch (B, Hid)

    def step(h: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        h = gru_cell(p, h, x)
        return h, h

    h_last, hs = jax.lax.scan(step, h0, xs)
    return hs, h_last


def readout(h: NDArray[np.float32, B, Hid], w: NDArray[np.float32, Hid, Any]) -> NDArray[np.float32, B, Any]:
    return h @ w


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(3), 3)
    p = init_gru(k1, n_in=5, n_hid=8)
    xs = jax.random.normal(k2, (11, 3, 5))
    hs, h_last = gru_sequence(p, xs)
    assert hs.shape == (11, 3, 8) and h_last.shape == (3, 8)
    assert jnp.allclose(hs[-1], h_last)
    assert jnp.all(jnp.abs(hs) <= 1.0)
    y = readout(h_last, jax.random.normal(k3, (8, 2)))
    assert y.shape == (3, 2)


if __name__ == "__main__":
    main()
