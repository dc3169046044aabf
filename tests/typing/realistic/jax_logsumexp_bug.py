"""Log-likelihood of a Gaussian mixture with jax.scipy's logsumexp."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
K = DimensionVar("K")
D = DimensionVar("D", bound=int)


def component_log_probs(x: NDArray[float32, N, D], means: NDArray[float32, K, D], log_std: NDArray[float32, K]) -> NDArray[float32, N, K]:
    d = x.shape[-1]
    diff = x[:, None, :] - means[None, :, :]
    sq = jnp.sum(diff**2, axis=-1)
    var = jnp.exp(2 * log_std)
    return -0.5 * sq / var - d * log_std - 0.5 * d * math.log(2 * math.pi)


def log_likelihood(x: NDArray[float32, N, D], means: NDArray[float32, K, D], log_std: NDArray[float32, K], log_w: NDArray[float32, K]) -> NDArray[float32, N]:
    lp = component_log_probs(x, means, log_std) + log_w
    return logsumexp(lp, axis=0)  # BUG: logsumexp over the samples instead of the components


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(6))
    x = jax.random.normal(k1, (10, 2))
    means = jax.random.normal(k2, (3, 2))
    ll = log_likelihood(x, means, jnp.zeros(3), jnp.log(jnp.ones(3) / 3))
    print("mixture", ll.shape, float(ll.mean()))


if __name__ == "__main__":
    main()
