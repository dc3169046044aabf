"""NeRF's hierarchical sampling in JAX (sample_pdf): the coarse weights turned into a piecewise
constant PDF over the bins between samples, inverse-transform sampling with searchsorted per ray,
take_along_axis to gather the bracketing CDF values and bin edges, and the sorted union of coarse
and fine depths."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

R = DimensionVar("R")
S = DimensionVar("S")


def sample_pdf(key: jax.Array, bins: NDArray[float32, R, Any], weights: NDArray[float32, R, Any], n_samples: int) -> NDArray[float32, R, Any]:
    weights = weights + 1e-5
    pdf = weights / jnp.sum(weights, axis=-1, keepdims=True)
    cdf = jnp.cumsum(pdf, axis=-1)
    cdf = jnp.concatenate([jnp.zeros_like(cdf[..., :1]), cdf], axis=-1)
    u = jax.random.uniform(key, (weights.shape[0], n_samples))
    inds = jax.vmap(lambda c, uu: jnp.searchsorted(c, uu, side="right"))(cdf, u)
    below = jnp.maximum(0, inds - 1)
    above = jnp.minimum(cdf.shape[-1] - 1, inds)
    cdf_g0 = jnp.take_along_axis(cdf, below, axis=-1)
    cdf_g1 = jnp.take_along_axis(cdf, above, axis=-1)
    bins_g0 = jnp.take_along_axis(bins, below, axis=-1)
    bins_g1 = jnp.take_along_axis(bins, above, axis=-1)
    denom = jnp.where(cdf_g1 - cdf_g0 < 1e-5, 1.0, cdf_g1 - cdf_g0)
    t = (u - cdf_g0) / denom
    return bins_g0 + t * (bins_g1 - bins_g0)


def fine_depths(key: jax.Array, z_vals: NDArray[float32, R, S], weights: NDArray[float32, R, S], n_fine: int) -> NDArray[float32, R, Any]:
    z_mid = 0.5 * (z_vals[..., 1:] + z_vals[..., :-1])
    z_samples = sample_pdf(key, z_mid, weights[..., 1:-1], n_fine)
    return jnp.sort(jnp.concatenate([z_vals, jax.lax.stop_gradient(z_samples)], axis=-1), axis=-1)


def main() -> None:
    n_rays, n_coarse, n_fine = 4, 16, 24
    z_vals = jnp.tile(jnp.linspace(2.0, 6.0, n_coarse), (n_rays, 1))
    # all the weight sits around depth 4 on every ray
    weights = jnp.exp(-((z_vals - 4.0) ** 2) / 0.05)
    z_all = fine_depths(jax.random.PRNGKey(16), z_vals, weights, n_fine)
    assert z_all.shape == (4, 40)
    assert jnp.all(jnp.diff(z_all, axis=-1) >= 0)
    fine = sample_pdf(jax.random.PRNGKey(17), 0.5 * (z_vals[:, 1:] + z_vals[:, :-1]), weights[:, 1:-1], n_fine)
    assert fine.shape == (4, 24)
    assert float(jnp.mean(jnp.abs(fine - 4.0) < 0.5)) > 0.9


if __name__ == "__main__":
    main()
