"""Vision-transformer input: patchify NHWC images by reshape and transpose, a linear patch
embedding with learned positions, a class token, and the inverse for reconstruction targets."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

Batch = DimensionVar("Batch")
H = DimensionVar("H")
W = DimensionVar("W")
C = DimensionVar("C")
Patch = DimensionVar("Patch")
PatchDim = DimensionVar("PatchDim")
Model = DimensionVar("Model")


def patchify(img: NDArray[np.float32, Batch, H, W, C], p: int) -> NDArray[np.float32, Batch, Any, Any]:
    b, h, w, c = img.shape
    x = img.reshape(b, h // p, p, w // p, p, c).transpose(0, 1, 3, 2, 4, 5)
    return x.reshape(b, (h // p) * (w // p), p * p * c)


def unpatchify(patches: NDArray[np.float32, Batch, Patch, PatchDim], p: int, h: int, w: int) -> jax.Array:
    b = patches.shape[0]
    c = patches.shape[-1] // (p * p)
    x = patches.reshape(b, h // p, w // p, p, p, c).transpose(0, 1, 3, 2, 4, 5)
    return x.reshape(b, h, w, c)


def embed(
    patches: NDArray[np.float32, Batch, Patch, PatchDim], w: NDArray[np.float32, PatchDim, Model], pos: NDArray[np.float32, Patch, Model]
) -> NDArray[np.float32, Batch, Patch, Model]:
    return patches @ w + pos.T  # BUG: (Batch, Patch, Model) + (Model, Patch)


def add_cls(tokens: NDArray[np.float32, Batch, Patch, Model], cls: NDArray[np.float32, Model]) -> NDArray[np.float32, Batch, Any, Model]:
    b = tokens.shape[0]
    return jnp.concatenate([jnp.broadcast_to(cls, (b, 1, cls.shape[0])), tokens], axis=1)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(12), 4)
    b, h, w, c, p, model = 2, 8, 12, 3, 4, 10
    img = jax.random.normal(keys[0], (b, h, w, c))
    patches = patchify(img, p)
    assert patches.shape == (b, 6, p * p * c)
    assert jnp.allclose(unpatchify(patches, p, h, w), img)
    tokens = embed(patches, jax.random.normal(keys[1], (p * p * c, model)), jax.random.normal(keys[2], (6, model)))
    seq = add_cls(tokens, jax.random.normal(keys[3], (model,)))
    assert seq.shape == (b, 7, model)
