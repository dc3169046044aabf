"""Phong shading of a normal map under several point lights."""

from typing import Literal

import numpy as np

from ndtyping import DimensionVar, NDArray

H = DimensionVar("H")
W = DimensionVar("W")
L = DimensionVar("L")


def normalize(v: NDArray[np.float32, H, W, Literal[3]]) -> NDArray[np.float32, H, W, Literal[3]]:
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def phong(
    normal: NDArray[np.float32, H, W, Literal[3]],
    position: NDArray[np.float32, H, W, Literal[3]],
    light_pos: NDArray[np.float32, L, Literal[3]],
    light_rgb: NDArray[np.float32, L, Literal[3]],
    albedo: NDArray[np.float32, H, W, Literal[3]],
    shininess: float = 16.0,
) -> NDArray[np.float32, H, W, Literal[3]]:
    n = normalize(normal)
    view = normalize(-position)
    out = 0.05 * albedo
    for k in range(light_pos.shape[0]):
        to_light = normalize(light_pos[k] - position)
        ndotl = np.clip((n * to_light).sum(axis=-1, keepdims=True), 0.0, None)
        reflect = 2.0 * ndotl * n - to_light
        spec: NDArray[np.float32, H, W, Literal[1]] = np.clip((reflect * view).sum(axis=-1), 0.0, None) ** shininess  # BUG: keepdims forgotten: (H, W)
        out = out + light_rgb[k] * (albedo * ndotl + spec)
    return np.clip(out, 0.0, 1.0).astype(np.float32)


def main() -> None:
    h, w = 18, 26
    ys, xs = np.meshgrid(np.linspace(-1, 1, h), np.linspace(-1, 1, w), indexing="ij")
    position = np.stack([xs, ys, np.full_like(xs, -3.0)], axis=-1).astype(np.float32)
    normal = np.stack([xs * 0.3, ys * 0.3, np.ones_like(xs)], axis=-1).astype(np.float32)
    albedo = np.full((h, w, 3), 0.8, dtype=np.float32)
    lights = np.array([[2.0, 2.0, 0.0], [-2.0, 1.0, 1.0]], dtype=np.float32)
    colours = np.array([[1.0, 0.9, 0.8], [0.2, 0.3, 0.5]], dtype=np.float32)
    img = phong(normal, position, lights, colours, albedo)
    assert img.shape == (18, 26, 3) and img.dtype == np.float32


if __name__ == "__main__":
    main()
