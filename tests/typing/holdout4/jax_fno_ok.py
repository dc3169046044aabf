"""A Fourier neural operator layer on 1-D fields: truncated rfft modes mixed by complex weights, plus
a pointwise linear path."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, complex64, float32

B = DimensionVar("B")
X = DimensionVar("X")
Ci = DimensionVar("Ci")
Co = DimensionVar("Co")
Modes = DimensionVar("Modes")


def spectral_conv(u: NDArray[float32, B, X, Ci], weights: NDArray[complex64, Modes, Ci, Co]) -> NDArray[float32, B, X, Co]:
    n_modes = weights.shape[0]
    u_hat = jnp.fft.rfft(u, axis=1)
    mixed: NDArray[complex64, B, Modes, Co] = jnp.einsum("bmi,mio->bmo", u_hat[:, :n_modes], weights)
    out_hat = jnp.zeros((u.shape[0], u_hat.shape[1], weights.shape[2]), dtype=jnp.complex64)
    out_hat = out_hat.at[:, :n_modes].set(mixed)
    return jnp.fft.irfft(out_hat, n=u.shape[1], axis=1)


def fno_layer(
    u: NDArray[float32, B, X, Ci], weights: NDArray[complex64, Modes, Ci, Co], w_local: NDArray[float32, Ci, Co], bias: NDArray[float32, Co]
) -> NDArray[float32, B, X, Co]:
    return jax.nn.gelu(spectral_conv(u, weights) + u @ w_local + bias)


def init_spectral(key: jax.Array, modes: int, ci: int, co: int) -> jax.Array:
    kr, ki = jax.random.split(key)
    scale = 1.0 / (ci * co)
    return (scale * (jax.random.normal(kr, (modes, ci, co)) + 1j * jax.random.normal(ki, (modes, ci, co)))).astype(jnp.complex64)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(16), 4)
    b, x, ci, co, modes = 2, 32, 3, 5, 6
    u = jax.random.normal(keys[0], (b, x, ci))
    w = init_spectral(keys[1], modes, ci, co)
    w_local = 0.3 * jax.random.normal(keys[2], (ci, co))
    out = fno_layer(u, w, w_local, jnp.zeros(co))
    assert out.shape == (b, x, co) and out.dtype == jnp.float32
    shifted = fno_layer(jnp.roll(u, 3, axis=1), w, w_local, jnp.zeros(co))
    assert jnp.allclose(jnp.roll(out, 3, axis=1), shifted, atol=1e-4)


if __name__ == "__main__":
    main()
