"""A diagonal state-space layer (S4D / Mamba-style without selection): zero-order-hold
discretisation, the recurrent form with lax.scan, and the convolutional form via FFT."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Seq = DimensionVar("Seq")
Chan = DimensionVar("Chan")
State = DimensionVar("State")


def discretise(log_a: NDArray[np.float32, Chan, State], delta: NDArray[np.float32, Chan]) -> NDArray[np.float32, Chan, State]:
    return jnp.exp(-jnp.exp(log_a) * delta[:, None])


def ssm_scan(
    x: NDArray[np.float32, Seq, Chan],
    a_bar: NDArray[np.float32, Chan, State],
    b: NDArray[np.float32, Chan, State],
    c: NDArray[np.float32, Chan, State],
) -> NDArray[np.float32, Seq, Chan]:
    def step(h: jax.Array, x_t: jax.Array) -> tuple[jax.Array, jax.Array]:
        h = a_bar * h + b * x_t[:, None]
        return h, (h * c).sum(axis=-1)

    h0 = jnp.zeros(a_bar.shape, dtype=jnp.float32)
    _, ys = jax.lax.scan(step, h0, x)
    return ys


def conv_kernel(
    a_bar: NDArray[np.float32, Chan, State], b: NDArray[np.float32, Chan, State], c: NDArray[np.float32, Chan, State], length: int
) -> NDArray[np.float32, Chan, Any]:
    powers = a_bar[:, None, :] ** jnp.arange(length, dtype=jnp.float32)[None, :, None]
    return jnp.einsum("cls,cs,cs->cl", powers, b, c)


def ssm_conv(x: NDArray[np.float32, Seq, Chan], kernel: NDArray[np.float32, Chan, Seq]) -> NDArray[np.float32, Seq, Chan]:
    n = 2 * x.shape[0]
    xf = jnp.fft.rfft(x, n=n, axis=0)
    kf = jnp.fft.rfft(kernel.T, n=n, axis=0)
    return jnp.fft.irfft(xf * kf, n=n, axis=0)[: x.shape[0]]


def main() -> None:
    key = jax.random.PRNGKey(0)
    k1, k2, k3, k4, k5 = jax.random.split(key, 5)
    seq, chan, state = 9, 3, 5
    log_a = jax.random.normal(k1, (chan, state)) * 0.5
    delta = jax.random.uniform(k2, (chan,), minval=0.1, maxval=0.5)
    b = jax.random.normal(k3, (chan, state))
    c = jax.random.normal(k4, (chan, state))
    x = jax.random.normal(k5, (seq, chan))
    a_bar = discretise(log_a, delta)
    y_rec = ssm_scan(x, a_bar, b, c)
    y_conv = ssm_conv(x, conv_kernel(a_bar, b, c, seq))
    assert y_rec.shape == (seq, chan)
    assert jnp.allclose(y_rec, y_conv, atol=1e-4)
