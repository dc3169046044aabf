"""Chroma features: STFT magnitudes folded onto 12 pitch classes, normalised, and a key estimate."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Frames = DimensionVar("Frames")
Bins = DimensionVar("Bins")
Samples = DimensionVar("Samples")

P12 = Literal[12]


def frame_signal(x: NDArray[float32, Samples], n_fft: int, hop: int) -> jax.Array:
    n_frames = 1 + (x.shape[0] - n_fft) // hop
    idx = jnp.arange(n_fft)[None, :] + hop * jnp.arange(n_frames)[:, None]
    return x[idx] * jnp.hanning(n_fft)


def chroma_filter(n_fft: int, sr: float) -> NDArray[float32, P12, Bins]:
    freqs = jnp.fft.rfftfreq(n_fft, d=1.0 / sr)[1:]
    pitch_class = jnp.round(12.0 * jnp.log2(freqs / 440.0) + 69.0).astype(jnp.int32) % 12
    fb = jax.nn.one_hot(pitch_class, 12).T
    return jnp.concatenate([jnp.zeros((12, 1)), fb], axis=1)


def chroma(x: NDArray[float32, Samples], sr: float, n_fft: int = 512, hop: int = 256) -> NDArray[float32, Frames, P12]:
    mag = jnp.abs(jnp.fft.rfft(frame_signal(x, n_fft, hop), axis=-1))
    c = mag @ chroma_filter(n_fft, sr).T
    return c / (jnp.linalg.norm(c, axis=1, keepdims=True) + 1e-8)


def key_estimate(c: NDArray[float32, Frames, P12], profile: NDArray[float32, P12]) -> int:
    mean_chroma: NDArray[float32, P12] = c.mean(axis=1)  # BUG: averaged over pitch classes, not frames: (Frames,)
    shifts = jnp.stack([jnp.roll(profile, k) for k in range(12)])
    return int(jnp.argmax(shifts @ mean_chroma))


def main() -> None:
    sr = 8000.0
    t = jnp.arange(8000, dtype=jnp.float32) / sr
    x = sum(jnp.sin(2 * jnp.pi * f * t) for f in (261.63, 329.63, 392.0)).astype(jnp.float32)  # C major triad
    c = chroma(x, sr)
    assert c.shape == (30, 12)
    major = jnp.array([6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88], dtype=jnp.float32)
    assert key_estimate(c, major) == 0


if __name__ == "__main__":
    main()
