"""A small Gaussian VAE in jax: encoder, reparameterisation with jax.random, KL and the ELBO's gradient."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Obs = DimensionVar("Obs")
Latent = DimensionVar("Latent")

Params = dict[str, jax.Array]


def encode(params: Params, x: NDArray[float32, Batch, Obs]) -> tuple[NDArray[float32, Batch, Latent], NDArray[float32, Batch, Latent]]:
    h = jnp.tanh(x @ params["enc"])
    mu, logvar = jnp.split(h @ params["head"], 2, axis=-1)
    return mu, logvar


def sample(key: jax.Array, mu: NDArray[float32, Batch, Latent], logvar: NDArray[float32, Batch, Latent]) -> NDArray[float32, Batch, Latent]:
    return mu + jnp.exp(0.5 * logvar) * jax.random.normal(key, mu.shape)


def kl(mu: NDArray[float32, Batch, Latent], logvar: NDArray[float32, Batch, Latent]) -> NDArray[float32, Batch]:
    return 0.5 * jnp.sum(jnp.exp(logvar) + mu**2 - 1.0 - logvar, axis=-1)


def gaussian_nll(x: NDArray[float32, Batch, Obs], recon: NDArray[float32, Batch, Obs]) -> NDArray[float32, Batch]:
    return 0.5 * jnp.sum((x - recon) ** 2, axis=-1)


def loss(params: Params, key: jax.Array, x: NDArray[float32, Batch, Obs]) -> jax.Array:
    mu, logvar = encode(params, x)
    z = sample(key, mu, logvar)
    recon = z @ params["dec"]
    return jnp.mean(gaussian_nll(x, recon) + kl(mu, logvar))


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(6), 5)
    obs, hidden, latent = 12, 16, 3
    params = {
        "enc": 0.3 * jax.random.normal(keys[0], (obs, hidden)),
        "head": 0.3 * jax.random.normal(keys[1], (hidden, 2 * latent)),
        "dec": 0.3 * jax.random.normal(keys[2], (latent, obs)),
    }
    x = jax.random.normal(keys[3], (7, obs))
    value, grads = jax.value_and_grad(loss)(params, keys[4], x)
    assert grads["dec"].shape == (latent, obs)
    print("neg elbo", float(value))


if __name__ == "__main__":
    main()
