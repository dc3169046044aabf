"""Bilinear sampling of a feature map at normalised coordinates, as in a spatial transformer (jax)."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Height = DimensionVar("Height")
Width = DimensionVar("Width")
Channel = DimensionVar("Channel")
OutH = DimensionVar("OutH")
OutW = DimensionVar("OutW")


def affine_grid(theta: NDArray[float32, Literal[2], Literal[3]], out_h: int, out_w: int) -> NDArray[float32, OutH, OutW, Literal[2]]:
    ys, xs = jnp.meshgrid(jnp.linspace(-1, 1, out_h), jnp.linspace(-1, 1, out_w), indexing="ij")
    ones = jnp.ones_like(xs)
    base = jnp.stack([xs, ys, ones], axis=-1)
    return base @ theta.T


def grid_sample(fmap: NDArray[float32, Height, Width, Channel], grid: NDArray[float32, OutH, OutW, Literal[2]]) -> NDArray[float32, OutH, OutW, Channel]:
    h, w = fmap.shape[0], fmap.shape[1]
    x = (grid[..., 0] + 1) * (w - 1) / 2
    y = (grid[..., 1] + 1) * (h - 1) / 2
    x0 = jnp.clip(jnp.floor(x).astype(jnp.int32), 0, w - 2)
    y0 = jnp.clip(jnp.floor(y).astype(jnp.int32), 0, h - 2)
    wx = (x - x0)[..., None]
    wy = (y - y0)[..., None]
    top = fmap[y0, x0] * (1 - wx) + fmap[y0, x0 + 1] * wx
    bottom = fmap[y0 + 1, x0] * (1 - wx) + fmap[y0 + 1, x0 + 1] * wx
    return top * (1 - wy) + bottom * wy


def main() -> None:
    fmap = jax.random.normal(jax.random.PRNGKey(16), (6, 8, 3))
    theta = jnp.array([[0.9, 0.1, 0.0], [-0.1, 0.9, 0.05]])
    grid = affine_grid(theta, 4, 5)
    print("grid sample", grid.shape, grid_sample(fmap, grid).shape)


if __name__ == "__main__":
    main()
