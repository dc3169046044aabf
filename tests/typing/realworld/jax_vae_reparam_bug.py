"""A variational autoencoder's training objective in JAX: an MLP encoder giving a diagonal
Gaussian, the reparameterisation trick with jax.random.normal(key, mu.shape), the analytic KL
term, a Bernoulli decoder, and the negative ELBO averaged over the batch."""

from dataclasses import dataclass
from typing import Any, Generic

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
X = DimensionVar("X")
H = DimensionVar("H")
Z = DimensionVar("Z")


@jax.tree_util.register_dataclass
@dataclass
class VAEParams(Generic[X, H, Z]):
    enc_w: NDArray[float32, X, H]
    enc_mu: NDArray[float32, H, Z]
    enc_logvar: NDArray[float32, H, Z]
    dec_w: NDArray[float32, Z, H]
    dec_out: NDArray[float32, H, X]


def encode(p: VAEParams[X, H, Z], x: NDArray[float32, B, X]) -> tuple[NDArray[float32, B, Z], NDArray[float32, B, Z]]:
    h = jnp.tanh(x @ p.enc_w)
    return h @ p.enc_mu, h @ p.enc_logvar


def reparameterize(key: jax.Array, mu: NDArray[float32, B, Z], logvar: NDArray[float32, B, Z]) -> NDArray[float32, B, Z]:
    eps = jax.random.normal(key, mu.shape[:1])  # BUG: noise of shape (B,) for a (B, Z) latent
    return mu + jnp.exp(0.5 * logvar) * eps


def decode_logits(p: VAEParams[X, H, Z], z: NDArray[float32, B, Z]) -> NDArray[float32, B, X]:
    return jnp.tanh(z @ p.dec_w) @ p.dec_out


def kl_to_standard_normal(mu: NDArray[float32, B, Z], logvar: NDArray[float32, B, Z]) -> NDArray[float32, B]:
    return -0.5 * jnp.sum(1.0 + logvar - mu**2 - jnp.exp(logvar), axis=-1)


def negative_elbo(p: VAEParams[X, H, Z], x: NDArray[float32, B, X], key: jax.Array) -> jax.Array:
    mu, logvar = encode(p, x)
    logits = decode_logits(p, reparameterize(key, mu, logvar))
    recon = jnp.sum(jnp.logaddexp(0.0, logits) - x * logits, axis=-1)  # Bernoulli NLL from logits
    return jnp.mean(recon + kl_to_standard_normal(mu, logvar))


def init(key: jax.Array, x_dim: int, h_dim: int, z_dim: int) -> VAEParams[Any, Any, Any]:
    ks = jax.random.split(key, 5)
    shapes = [(x_dim, h_dim), (h_dim, z_dim), (h_dim, z_dim), (z_dim, h_dim), (h_dim, x_dim)]
    return VAEParams(*[jax.random.normal(k, s) * 0.1 for k, s in zip(ks, shapes)])


def main() -> None:
    k_init, k_data, k_train = jax.random.split(jax.random.PRNGKey(15), 3)
    p = init(k_init, x_dim=12, h_dim=16, z_dim=3)
    x = (jax.random.uniform(k_data, (20, 12)) < 0.3).astype(jnp.float32)
    mu, logvar = encode(p, x)
    assert mu.shape == (20, 3) and reparameterize(k_train, mu, logvar).shape == (20, 3)
    loss_and_grad = jax.jit(jax.value_and_grad(negative_elbo))
    first = None
    for k in jax.random.split(k_train, 200):
        loss, grads = loss_and_grad(p, x, k)
        p = jax.tree_util.tree_map(lambda w, g: w - 0.05 * g, p, grads)
        first = float(loss) if first is None else first
    assert float(loss) < first


if __name__ == "__main__":
    main()
