"""Patchifying images for a vision transformer with reshape(-1) and transpose (jax)."""

from typing import Any

import jax

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B", bound=int)
H = DimensionVar("H", bound=int)
W = DimensionVar("W", bound=int)
C = DimensionVar("C", bound=int)
Model = DimensionVar("Model")


def patchify(x: NDArray[float32, B, H, W, C], p: int) -> NDArray[float32, B, Any, Any]:
    b, h, w, c = x.shape
    grid = x.reshape(b, h // p, p, w // p, p, c)
    grid = grid.transpose(0, 1, 3, 2, 4, 5)
    return grid.reshape(b, -1, p * p * c)


def embed_patches(patches: NDArray[float32, B, Any, Any], w: NDArray[float32, Any, Model]) -> NDArray[float32, B, Any, Model]:
    return patches @ w


def flatten(x: NDArray[float32, B, H, W, C]) -> NDArray[float32, B, Any]:
    return x.reshape(x.shape[0], -1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(35))
    x = jax.random.normal(k1, (2, 8, 12, 3))
    patches = patchify(x, 4)
    print("vit", patches.shape, embed_patches(patches, jax.random.normal(k2, (48, 16))).shape, flatten(x).shape)


if __name__ == "__main__":
    main()
