"""Pitch estimation by autocorrelation: frames gathered by index arithmetic, autocorrelation through
the FFT (zero-padded), the best lag in the plausible range, and a voicing confidence."""

from typing import Any

import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Samples = DimensionVar("Samples")
Frame = DimensionVar("Frame")
Win = DimensionVar("Win")


def frames(x: NDArray[np.float32, Samples], size: int, hop: int) -> NDArray[np.float32, Any, Any]:
    n = 1 + (x.shape[0] - size) // hop
    idx = hop * jnp.arange(n)[:, None] + jnp.arange(size)[None, :]
    return x[idx]


def autocorr(fr: NDArray[np.float32, Frame, Win]) -> NDArray[np.float32, Frame, Win]:
    n = fr.shape[-1]
    centred = fr - fr.mean(axis=-1, keepdims=True)
    spec = jnp.fft.rfft(centred, n=2 * n, axis=-1)
    ac = jnp.fft.irfft(spec * jnp.conj(spec), n=2 * n, axis=-1)[:n]  # BUG: slices the frames, not the lags: (Frame, 2*Win) comes back
    return ac / (ac[:, :1] + 1e-8)


def pick_pitch(ac: NDArray[np.float32, Frame, Win], sr: float, fmin: float, fmax: float) -> tuple[NDArray[np.float32, Frame], NDArray[np.float32, Frame]]:
    lo, hi = int(sr / fmax), int(sr / fmin)
    band = ac[:, lo:hi]
    lag = jnp.argmax(band, axis=-1) + lo
    return sr / lag.astype(jnp.float32), band.max(axis=-1)


def main() -> None:
    sr = 1000.0
    t = jnp.arange(2000) / sr
    x = jnp.sin(2 * jnp.pi * 50.0 * t) + 0.3 * jnp.sin(2 * jnp.pi * 100.0 * t)
    fr = frames(x.astype(jnp.float32), size=100, hop=40)
    pitch, conf = pick_pitch(autocorr(fr), sr, fmin=30.0, fmax=200.0)
    assert pitch.shape == conf.shape == (fr.shape[0],)
    assert jnp.allclose(pitch, 50.0, atol=2.0)
