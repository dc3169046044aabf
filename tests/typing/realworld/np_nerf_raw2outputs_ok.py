"""Volume rendering of a radiance field along camera rays, after NeRF's raw2outputs(): stratified
samples along each ray, a toy field giving (rgb, density) per sample, alpha compositing with the
exclusive cumulative transmittance, and the colour, depth and opacity maps."""

from typing import Any, Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

R = DimensionVar("R")
S = DimensionVar("S")
Three = Literal[3]


def stratified_samples(n_rays: int, n_samples: int, near: float, far: float, rng: np.random.Generator) -> NDArray[np.float32, Any, Any]:
    t = np.linspace(0.0, 1.0, n_samples + 1, dtype=np.float32)
    lower, upper = t[:-1], t[1:]
    u = rng.random((n_rays, n_samples), dtype=np.float32)
    return near + (far - near) * (lower + (upper - lower) * u)


def toy_field(pts: NDArray[np.float32, R, S, Three]) -> NDArray[np.float32, R, S, Literal[4]]:
    """A fuzzy red ball of radius 1 at the origin."""
    dist = np.linalg.norm(pts, axis=-1, keepdims=True)
    density = 20.0 * (dist < 1.0).astype(np.float32)
    colour = np.broadcast_to(np.array([3.0, -3.0, -3.0], dtype=np.float32), pts.shape)
    return np.concatenate([colour, density], axis=-1)


def raw2outputs(
    raw: NDArray[np.float32, R, S, Literal[4]], z_vals: NDArray[np.float32, R, S], rays_d: NDArray[np.float32, R, Three], white_bkgd: bool = False
) -> tuple[NDArray[np.float32, R, Three], NDArray[np.float32, R], NDArray[np.float32, R], NDArray[np.float32, R, S]]:
    dists = z_vals[..., 1:] - z_vals[..., :-1]
    dists = np.concatenate([dists, np.full_like(dists[..., :1], 1e10)], axis=-1)
    dists = dists * np.linalg.norm(rays_d[..., None, :], axis=-1)
    rgb = 1.0 / (1.0 + np.exp(-raw[..., :3]))
    alpha = 1.0 - np.exp(-np.maximum(raw[..., 3], 0.0) * dists)
    transmittance = np.cumprod(np.concatenate([np.ones_like(alpha[..., :1]), 1.0 - alpha + 1e-10], axis=-1), axis=-1)[..., :-1]
    weights = alpha * transmittance
    rgb_map = np.sum(weights[..., None] * rgb, axis=-2)
    depth_map = np.sum(weights * z_vals, axis=-1)
    acc_map = np.sum(weights, axis=-1)
    if white_bkgd:
        rgb_map = rgb_map + (1.0 - acc_map[..., None])
    return rgb_map, depth_map, acc_map, weights


def main() -> None:
    rng = np.random.default_rng(11)
    n_rays, n_samples = 6, 32
    rays_o = np.tile(np.array([0.0, 0.0, -4.0], dtype=np.float32), (n_rays, 1))
    offsets = np.linspace(-0.3, 2.0, n_rays, dtype=np.float32)
    rays_d = np.stack([offsets / 4.0, np.zeros(n_rays, np.float32), np.ones(n_rays, np.float32)], axis=-1)
    z_vals = stratified_samples(n_rays, n_samples, 2.0, 6.0, rng)
    pts = rays_o[:, None, :] + rays_d[:, None, :] * z_vals[..., None]
    rgb, depth, acc, weights = raw2outputs(toy_field(pts), z_vals, rays_d, white_bkgd=True)
    assert rgb.shape == (6, 3) and depth.shape == (6,) and acc.shape == (6,) and weights.shape == (6, 32)
    assert rgb.dtype == np.float32 and weights.dtype == np.float32
    assert acc[0] > 0.99 and acc[-1] < 0.01  # the first ray hits the ball, the last one misses it
    assert rgb[0, 0] > 0.9 and np.allclose(rgb[-1], 1.0, atol=0.02)


if __name__ == "__main__":
    main()
