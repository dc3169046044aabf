"""Long convolutions by FFT over a batch of signals in JAX (the trick S4/Hyena-style layers and
audio reverbs use): zero-pad to a power of two, multiply the real spectra, invert, keep the
causal part, cast back with .astype(x.dtype); checked against jnp.convolve."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
L = DimensionVar("L")
K = DimensionVar("K")


def next_pow2(n: int) -> int:
    return 1 << (n - 1).bit_length()


def fft_convolve(x: NDArray[float32, B, L], h: NDArray[float32, K]) -> NDArray[float32, B, L]:
    n = x.shape[-1] + h.shape[0] - 1
    n_fft = next_pow2(n)
    X = jnp.fft.rfft(x, n=n_fft, axis=0)  # BUG: FFT over the batch axis instead of time
    Hf = jnp.fft.rfft(h, n=n_fft)
    y = jnp.fft.irfft(X * Hf, n=n_fft, axis=-1)
    return y[..., : x.shape[-1]].astype(x.dtype)


def exponential_reverb(key: jax.Array, length: int, decay: float) -> NDArray[float32, K]:
    t = jnp.arange(length, dtype=jnp.float32)
    return jax.random.normal(key, (length,)) * jnp.exp(-t / decay)


def wet_dry(x: NDArray[float32, B, L], h: NDArray[float32, K], mix: float) -> NDArray[float32, B, L]:
    wet = fft_convolve(x, h)
    wet = wet / (jnp.max(jnp.abs(wet), axis=-1, keepdims=True) + 1e-8) * jnp.max(jnp.abs(x), axis=-1, keepdims=True)
    return (1.0 - mix) * x + mix * wet


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(24))
    x = jax.random.normal(k1, (3, 100))
    h = exponential_reverb(k2, 37, decay=8.0)
    y = fft_convolve(x, h)
    assert y.shape == (3, 100) and y.dtype == jnp.float32
    ref = jnp.convolve(x[2], h, mode="full")[:100]
    assert jnp.allclose(y[2], ref, atol=1e-4)
    out = wet_dry(x, h, mix=0.3)
    assert out.shape == (3, 100)


if __name__ == "__main__":
    main()
