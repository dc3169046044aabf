"""A mixture density network head: mixture weights, means and scales, and its negative log-likelihood."""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
F = DimensionVar("F")
Mix = DimensionVar("Mix")
Out = DimensionVar("Out")


def mdn_head(
    h: NDArray[float32, N, F], params: dict[str, jax.Array], n_mix: int, out_dim: int
) -> tuple[NDArray[float32, N, Mix], NDArray[float32, N, Mix, Out], NDArray[float32, N, Mix, Out]]:
    n = h.shape[0]
    log_pi = jax.nn.log_softmax(h @ params["w_pi"], axis=-1)
    mu = (h @ params["w_mu"]).reshape(n, n_mix, out_dim)
    log_sigma = jnp.clip((h @ params["w_sigma"]).reshape(n, n_mix, out_dim), -5.0, 3.0)
    return log_pi, mu, log_sigma


def mdn_nll(
    log_pi: NDArray[float32, N, Mix], mu: NDArray[float32, N, Mix, Out], log_sigma: NDArray[float32, N, Mix, Out], y: NDArray[float32, N, Out]
) -> jax.Array:
    z = (y[:, None, :] - mu) * jnp.exp(-log_sigma)
    log_norm = -0.5 * z**2 - log_sigma - 0.5 * jnp.log(2 * jnp.pi)
    per_component: NDArray[float32, N, Mix] = log_norm.sum(axis=1)  # BUG: summed over the mixture components, not the output dims: (N, Out)
    return -logsumexp(log_pi + per_component, axis=-1).mean()


def loss_fn(params: dict[str, jax.Array], h: jax.Array, y: jax.Array) -> jax.Array:
    log_pi, mu, log_sigma = mdn_head(h, params, n_mix=3, out_dim=2)
    return mdn_nll(log_pi, mu, log_sigma, y)


def main() -> None:
    key = jax.random.PRNGKey(3)
    k1, k2, k3, k4, k5 = jax.random.split(key, 5)
    n, f, mix, out = 32, 5, 3, 2
    params = {
        "w_pi": 0.1 * jax.random.normal(k1, (f, mix)),
        "w_mu": 0.1 * jax.random.normal(k2, (f, mix * out)),
        "w_sigma": 0.1 * jax.random.normal(k3, (f, mix * out)),
    }
    h = jax.random.normal(k4, (n, f))
    y = jax.random.normal(k5, (n, out))
    loss, grads = jax.value_and_grad(loss_fn)(params, h, y)
    assert loss.shape == () and bool(jnp.isfinite(loss))
    assert grads["w_mu"].shape == (f, mix * out)


if __name__ == "__main__":
    main()
