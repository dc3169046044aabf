"""WGAN-GP critic loss: the gradient penalty on interpolates with jax.vmap(jax.grad(...))."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
D = DimensionVar("D")
Hd = DimensionVar("Hd")


def critic(params: dict[str, jax.Array], x: NDArray[float32, D]) -> jax.Array:
    h = jax.nn.leaky_relu(x @ params["w1"] + params["b1"], 0.2)
    return jnp.dot(h, params["w2"]) + params["b2"]


def interpolate(real: NDArray[float32, B, D], fake: NDArray[float32, B, D], eps: NDArray[float32, B]) -> NDArray[float32, B, D]:
    return eps[:, None] * real + (1.0 - eps[:, None]) * fake


def gradient_penalty(params: dict[str, jax.Array], mixed: NDArray[float32, B, D]) -> jax.Array:
    grads: NDArray[float32, B, D] = jax.vmap(jax.grad(critic, argnums=1), in_axes=(None, 1))(params, mixed)  # BUG: vmap over the feature axis: each call gets a (B,) column, not a (D,) row
    norms = jnp.sqrt(jnp.sum(grads**2, axis=-1) + 1e-12)
    return jnp.mean((norms - 1.0) ** 2)


def critic_loss(params: dict[str, jax.Array], real: jax.Array, fake: jax.Array, key: jax.Array, lam: float = 10.0) -> jax.Array:
    eps = jax.random.uniform(key, (real.shape[0],))
    scores_real = jax.vmap(critic, in_axes=(None, 0))(params, real)
    scores_fake = jax.vmap(critic, in_axes=(None, 0))(params, fake)
    return scores_fake.mean() - scores_real.mean() + lam * gradient_penalty(params, interpolate(real, fake, eps))


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(14), 5)
    b, d, hd = 8, 6, 10
    params = {
        "w1": 0.3 * jax.random.normal(keys[0], (d, hd)), "b1": jnp.zeros(hd),
        "w2": 0.3 * jax.random.normal(keys[1], (hd,)), "b2": jnp.zeros(()),
    }
    real = jax.random.normal(keys[2], (b, d)) + 2.0
    fake = jax.random.normal(keys[3], (b, d))
    loss, grads = jax.value_and_grad(critic_loss)(params, real, fake, keys[4])
    assert loss.shape == () and grads["w1"].shape == (d, hd)


if __name__ == "__main__":
    main()
