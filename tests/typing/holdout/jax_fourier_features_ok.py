"""Random Fourier features for an RBF kernel, and NeRF-style positional encoding of coordinates (jax)."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
Feat = DimensionVar("Feat")
Freq = DimensionVar("Freq")


def random_features(x: NDArray[float32, N, D], omega: NDArray[float32, D, Feat], phase: NDArray[float32, Feat]) -> NDArray[float32, N, Feat]:
    return jnp.sqrt(2.0 / omega.shape[1]) * jnp.cos(x @ omega + phase)


def approx_kernel(phi: NDArray[float32, N, Feat]) -> NDArray[float32, N, N]:
    return phi @ phi.T


def positional_encoding(coords: NDArray[float32, N, D], freqs: NDArray[float32, Freq]) -> NDArray[float32, N, D, Freq]:
    scaled = coords[..., None] * freqs * jnp.pi
    return jnp.sin(scaled)


def encode(coords: NDArray[float32, N, D], freqs: NDArray[float32, Freq]) -> NDArray[float32, N, Any]:
    scaled = coords[..., None] * freqs * jnp.pi
    enc = jnp.concatenate([jnp.sin(scaled), jnp.cos(scaled)], axis=-1)
    return enc.reshape(coords.shape[0], -1)


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(19), 3)
    x = jax.random.normal(k1, (7, 3))
    omega = jax.random.normal(k2, (3, 64))
    phase = jax.random.uniform(k3, (64,), maxval=2 * jnp.pi)
    freqs = 2.0 ** jnp.arange(4, dtype=jnp.float32)
    print("fourier", approx_kernel(random_features(x, omega, phase)).shape, positional_encoding(x, freqs).shape, encode(x, freqs).shape)


if __name__ == "__main__":
    main()
