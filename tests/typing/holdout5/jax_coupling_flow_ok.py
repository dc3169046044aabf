"""A RealNVP affine coupling layer: forward pass with log-determinant, inverse, and a stack of flips."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
D = DimensionVar("D")
Half = DimensionVar("Half")
Hid = DimensionVar("Hid")


class Coupling(NamedTuple):
    w1: jax.Array
    b1: jax.Array
    w_scale: jax.Array
    w_shift: jax.Array


def init_coupling(key: jax.Array, half: int, hidden: int) -> Coupling:
    k1, k2, k3 = jax.random.split(key, 3)
    return Coupling(
        jax.random.normal(k1, (half, hidden)) / jnp.sqrt(half),
        jnp.zeros(hidden),
        0.01 * jax.random.normal(k2, (hidden, half)),
        0.01 * jax.random.normal(k3, (hidden, half)),
    )


def scale_shift(x1: NDArray[np.float32, B, Half], w1: NDArray[np.float32, Half, Hid], b1: NDArray[np.float32, Hid], w_scale: NDArray[np.float32, Hid, Half], w_shift: NDArray[np.float32, Hid, Half]) -> tuple[NDArray[np.float32, B, Half], NDArray[np.float32, B, Half]]:
    h = jax.nn.relu(x1 @ w1 + b1)
    return jnp.tanh(h @ w_scale), h @ w_shift


def forward(p: Coupling, x: NDArray[np.float32, B, D]) -> tuple[NDArray[np.float32, B, D], NDArray[np.float32, B]]:
    x1, x2 = jnp.split(x, 2, axis=1)
    s, t = scale_shift(x1, p.w1, p.b1, p.w_scale, p.w_shift)
    y2 = x2 * jnp.exp(s) + t
    log_det: NDArray[np.float32, B] = s.sum(axis=1)
    return jnp.concatenate([x1, y2], axis=1), log_det


def inverse(p: Coupling, y: NDArray[np.float32, B, D]) -> NDArray[np.float32, B, D]:
    y1, y2 = jnp.split(y, 2, axis=1)
    s, t = scale_shift(y1, p.w1, p.b1, p.w_scale, p.w_shift)
    return jnp.concatenate([y1, (y2 - t) * jnp.exp(-s)], axis=1)


def flow_log_prob(layers: list[Coupling], x: NDArray[np.float32, B, D]) -> NDArray[np.float32, B]:
    total = jnp.zeros(x.shape[0])
    z = x
    for p in layers:
        z, ld = forward(p, z)
        total = total + ld
        z = jnp.flip(z, axis=1)
    base = -0.5 * (z**2).sum(axis=1) - 0.5 * z.shape[1] * jnp.log(2 * jnp.pi)
    return base + total


def main() -> None:
    key = jax.random.PRNGKey(0)
    keys = jax.random.split(key, 4)
    layers = [init_coupling(k, 3, 16) for k in keys[:3]]
    x = jax.random.normal(keys[3], (10, 6))
    y, log_det = forward(layers[0], x)
    assert y.shape == (10, 6) and log_det.shape == (10,)
    assert jnp.allclose(inverse(layers[0], y), x, atol=1e-5)
    lp = flow_log_prob(layers, x)
    assert lp.shape == (10,)


if __name__ == "__main__":
    main()
