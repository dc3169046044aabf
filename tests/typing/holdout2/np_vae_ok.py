"""The pieces of a Gaussian VAE's training loss: reparameterised samples, KL, Bernoulli likelihood."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Latent = DimensionVar("Latent")
Pixel = DimensionVar("Pixel")


def reparameterise(mu: NDArray[float32, Batch, Latent], logvar: NDArray[float32, Batch, Latent], rng: np.random.Generator) -> NDArray[float32, Batch, Latent]:
    return mu + np.exp(0.5 * logvar) * rng.standard_normal(mu.shape, dtype=np.float32)


def kl_to_standard_normal(mu: NDArray[float32, Batch, Latent], logvar: NDArray[float32, Batch, Latent]) -> NDArray[float32, Batch]:
    return -0.5 * (1.0 + logvar - mu**2 - np.exp(logvar)).sum(axis=1)


def decode(z: NDArray[float32, Batch, Latent], w: NDArray[float32, Latent, Pixel], b: NDArray[float32, Pixel]) -> NDArray[float32, Batch, Pixel]:
    return z @ w + b


def bernoulli_loglik(logits: NDArray[float32, Batch, Pixel], x: NDArray[float32, Batch, Pixel]) -> NDArray[float32, Batch]:
    return (x * logits - np.logaddexp(0.0, logits)).sum(axis=-1).astype(np.float32)


def negative_elbo(
    x: NDArray[float32, Batch, Pixel],
    mu: NDArray[float32, Batch, Latent],
    logvar: NDArray[float32, Batch, Latent],
    w: NDArray[float32, Latent, Pixel],
    b: NDArray[float32, Pixel],
    rng: np.random.Generator,
) -> float:
    z = reparameterise(mu, logvar, rng)
    rec = bernoulli_loglik(decode(z, w, b), x)
    return float((kl_to_standard_normal(mu, logvar) - rec).mean())


def main() -> None:
    rng = np.random.default_rng(17)
    f32 = np.float32
    x = (rng.uniform(size=(6, 20)) > 0.5).astype(f32)
    mu = rng.normal(size=(6, 4)).astype(f32)
    logvar = (0.1 * rng.normal(size=(6, 4))).astype(f32)
    w = rng.normal(size=(4, 20)).astype(f32)
    b = np.zeros(20, dtype=f32)
    print("-elbo", negative_elbo(x, mu, logvar, w, b, rng))


if __name__ == "__main__":
    main()
