"""NeRF-style volume rendering: sample points along rays, a tiny field (dict of weights) for
density and colour, alpha compositing with transmittance, and an 8-bit preview."""

from typing import Any, Literal

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Ray = DimensionVar("Ray")
Sample = DimensionVar("Sample")
L3 = Literal[3]


def sample_along_rays(
    origins: NDArray[np.float32, Ray, L3], dirs: NDArray[np.float32, Ray, L3], t: NDArray[np.float32, Sample]
) -> NDArray[np.float32, Ray, Sample, L3]:
    return origins[:, None, :] + t[None, :, None] * dirs[:, None, :]


def encode(x: NDArray[np.float32, Ray, Sample, L3], n_freq: int) -> NDArray[np.float32, Ray, Sample, Any]:
    freqs = 2.0 ** jnp.arange(n_freq, dtype=jnp.float32)
    angles = (x[..., None] * freqs).reshape(*x.shape[:-1], -1)
    return jnp.concatenate([x, jnp.sin(angles), jnp.cos(angles)], axis=-1)


def field(params: dict[str, jax.Array], feats: jax.Array) -> tuple[jax.Array, jax.Array]:
    h = jax.nn.relu(feats @ params["w1"])
    out = h @ params["w2"]
    return jax.nn.softplus(out[..., 0]), jax.nn.sigmoid(out[..., 1:])


def render(
    sigma: NDArray[np.float32, Ray, Sample], rgb: NDArray[np.float32, Ray, Sample, L3], t: NDArray[np.float32, Sample]
) -> tuple[NDArray[np.float32, Ray, L3], NDArray[np.float32, Ray]]:
    delta = jnp.concatenate([jnp.diff(t), jnp.array([1e10], dtype=jnp.float32)])
    alpha = 1.0 - jnp.exp(-sigma * delta)
    trans = jnp.cumprod(1.0 - alpha + 1e-10, axis=-1)
    trans = jnp.concatenate([jnp.ones_like(trans[:, :1]), trans[:, :-1]], axis=-1)
    weights = alpha * trans
    colour = (weights[..., None] * rgb).sum(axis=1)
    depth = (weights * t).sum(axis=-1)
    return colour, depth


def to_uint8(colour: NDArray[np.float32, Ray, L3]) -> NDArray[np.uint8, Ray, L3]:
    return jnp.round(jnp.clip(colour, 0.0, 1.0) * 255).astype(jnp.uint8)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(15), 3)
    rays, samples, n_freq, hidden = 6, 16, 4, 8
    origins = jnp.zeros((rays, 3))
    dirs = jax.random.normal(keys[0], (rays, 3))
    dirs = dirs / jnp.linalg.norm(dirs, axis=-1, keepdims=True)
    t = jnp.linspace(0.5, 4.0, samples)
    feats = encode(sample_along_rays(origins, dirs, t), n_freq)
    params = {"w1": jax.random.normal(keys[1], (feats.shape[-1], hidden)), "w2": jax.random.normal(keys[2], (hidden, 4))}
    sigma, rgb = field(params, feats)
    colour, depth = render(sigma, rgb, t)
    assert colour.shape == (rays, 3) and depth.shape == (rays,)
    assert to_uint8(colour).dtype == jnp.uint8
