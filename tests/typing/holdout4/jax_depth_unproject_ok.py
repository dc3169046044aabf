"""Back-projection of a depth map to a world-space point cloud with camera intrinsics and pose,
and reprojection into a second camera."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

H = DimensionVar("H")
W = DimensionVar("W")

L2 = Literal[2]
L3 = Literal[3]
L4 = Literal[4]


def pixel_grid(h: int, w: int) -> NDArray[float32, H, W, L3]:
    v, u = jnp.meshgrid(jnp.arange(h, dtype=jnp.float32), jnp.arange(w, dtype=jnp.float32), indexing="ij")
    return jnp.stack([u, v, jnp.ones_like(u)], axis=-1)


def unproject(depth: NDArray[float32, H, W], k: NDArray[float32, L3, L3], cam_to_world: NDArray[float32, L4, L4]) -> NDArray[float32, H, W, L3]:
    rays = pixel_grid(depth.shape[0], depth.shape[1]) @ jnp.linalg.inv(k).T
    cam_pts = rays * depth[..., None]
    return cam_pts @ cam_to_world[:3, :3].T + cam_to_world[:3, 3]


def project(points: NDArray[float32, H, W, L3], k: NDArray[float32, L3, L3], world_to_cam: NDArray[float32, L4, L4]) -> NDArray[float32, H, W, L2]:
    cam = points @ world_to_cam[:3, :3].T + world_to_cam[:3, 3]
    pix = cam @ k.T
    return pix[..., :2] / pix[..., 2:3]


def main() -> None:
    h, w = 6, 9
    k = jnp.array([[50.0, 0.0, w / 2], [0.0, 50.0, h / 2], [0.0, 0.0, 1.0]])
    pose = jnp.eye(4).at[:3, 3].set(jnp.array([0.1, -0.2, 0.5]))
    depth = 2.0 + 0.1 * jax.random.uniform(jax.random.PRNGKey(9), (h, w))
    pts = unproject(depth, k, pose)
    assert pts.shape == (h, w, 3)
    pix = project(pts, k, jnp.linalg.inv(pose))
    expected = pixel_grid(h, w)[..., :2]
    assert jnp.allclose(pix, expected, atol=1e-3)


if __name__ == "__main__":
    main()
