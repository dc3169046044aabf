"""Batched power spectrogram with framing by gather, a window, and jnp.fft.rfft (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Samples = DimensionVar("Samples")
Frames = DimensionVar("Frames")
Win = DimensionVar("Win")
Bins = DimensionVar("Bins")


def frames(x: NDArray[float32, Batch, Samples], win: int, hop: int) -> NDArray[float32, Batch, Frames, Win]:
    n = 1 + (x.shape[1] - win) // hop
    starts = jnp.arange(n) * hop
    idx = starts[:, None] + jnp.arange(win)[None, :]
    return x[:, idx]


def power_spectrogram(fr: NDArray[float32, Batch, Frames, Win], window: NDArray[float32, Win]) -> NDArray[float32, Batch, Frames, Bins]:
    spec = jnp.fft.rfft(fr * window, axis=-1)
    return jnp.abs(spec) ** 2


def band_energy(power: NDArray[float32, Batch, Frames, Bins]) -> NDArray[float32, Batch, Frames]:
    return jnp.log1p(power.sum(axis=-1))


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(12), (2, 400))
    fr = frames(x, 32, 16)
    power = power_spectrogram(fr, jnp.hanning(32).astype(jnp.float32))
    print("spectrogram", fr.shape, power.shape, band_energy(power).shape)


if __name__ == "__main__":
    main()
