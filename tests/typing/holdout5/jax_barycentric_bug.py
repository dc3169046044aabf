"""Rasterise triangles with barycentric coordinates: per-pixel coverage, z-buffer and interpolated colours (vmap over triangles)."""

from typing import Literal

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

P = DimensionVar("P")
T = DimensionVar("T")


def barycentric(pixels: NDArray[np.float32, P, Literal[2]], tri: NDArray[np.float32, Literal[3], Literal[2]]) -> NDArray[np.float32, P, Literal[3]]:
    a, b, c = tri[0], tri[1], tri[2]
    v0, v1 = b - a, c - a
    v2: NDArray[np.float32, P, Literal[2]] = pixels - a[None, :]
    den = v0[0] * v1[1] - v1[0] * v0[1]
    l1 = (v2[:, 0] * v1[1] - v1[0] * v2[:, 1]) / den
    l2 = (v0[0] * v2[:, 1] - v2[:, 0] * v0[1]) / den
    return jnp.stack([1.0 - l1 - l2, l1, l2], axis=1)


def rasterise(
    pixels: NDArray[np.float32, P, Literal[2]],
    tris: NDArray[np.float32, T, Literal[3], Literal[2]],
    depth: NDArray[np.float32, T, Literal[3]],
    colour: NDArray[np.float32, T, Literal[3], Literal[3]],
) -> NDArray[np.float32, P, Literal[3]]:
    bary = jax.vmap(barycentric, in_axes=(0, 0))(pixels, tris)  # BUG: the pixels are mapped too: P against T
    inside = (bary >= 0.0).all(axis=-1)
    z: NDArray[np.float32, T, P] = (bary * depth[:, None, :]).sum(axis=-1)
    z = jnp.where(inside, z, jnp.inf)
    front = jnp.argmin(z, axis=0)
    hit = jnp.isfinite(z.min(axis=0))
    w = bary[front, jnp.arange(pixels.shape[0])]
    rgb = jnp.einsum("pk,pkc->pc", w, colour[front])
    return jnp.where(hit[:, None], rgb, 0.0)


def main() -> None:
    ys, xs = jnp.meshgrid(jnp.linspace(0, 1, 16), jnp.linspace(0, 1, 24), indexing="ij")
    pixels = jnp.stack([xs.ravel(), ys.ravel()], axis=1)
    tris = jnp.array([[[0.1, 0.1], [0.9, 0.1], [0.1, 0.9]], [[0.5, 0.2], [0.9, 0.9], [0.2, 0.8]]])
    depth = jnp.array([[1.0, 1.0, 1.0], [0.5, 0.5, 0.5]])
    colour = jnp.stack([jnp.eye(3), jnp.ones((3, 3)) * 0.5])
    img = rasterise(pixels, tris, depth, colour)
    assert img.shape == (384, 3)
    bary = barycentric(pixels, tris[0])
    assert jnp.allclose(bary.sum(axis=1), 1.0, atol=1e-5)


if __name__ == "__main__":
    main()
