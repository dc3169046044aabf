"""Generalised IoU loss between predicted and target boxes (x1, y1, x2, y2), and a pairwise IoU matrix."""

from typing import Literal

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
M = DimensionVar("M")

Box = Literal[4]


def area(b: NDArray[np.float32, N, Box]) -> NDArray[np.float32, N]:
    return jnp.clip(b[:, 2] - b[:, 0], 0.0) * jnp.clip(b[:, 3] - b[:, 1], 0.0)


def giou_loss(pred: NDArray[np.float32, N, Box], target: NDArray[np.float32, N, Box]) -> jax.Array:
    lt = jnp.maximum(pred[:, :2], target[:, :2])
    rb = jnp.minimum(pred[:, 2:], target[:, 2:])
    wh = jnp.clip(rb - lt, 0.0)
    inter: NDArray[np.float32, N] = wh[:, 0] * wh[:, 1]
    union = area(pred) + area(target) - inter
    iou = inter / union
    hull_lt = jnp.minimum(pred[:, :2], target[:, :2])
    hull_rb = jnp.maximum(pred[:, 2:], target[:, 2:])
    hull = jnp.prod(hull_rb - hull_lt, axis=1)
    return (1.0 - (iou - (hull - union) / hull)).mean()


def pairwise_iou(a: NDArray[np.float32, N, Box], b: NDArray[np.float32, M, Box]) -> NDArray[np.float32, N, M]:
    lt = jnp.maximum(a[:, None, :2], b[None, :, :2])
    rb = jnp.minimum(a[:, None, 2:], b[None, :, 2:])
    wh = jnp.clip(rb - lt, 0.0)
    inter = wh[..., 0] * wh[..., 1]
    return inter / (area(a)[:, None] + area(b)[None, :] - inter)


def main() -> None:
    key = jax.random.PRNGKey(11)
    k1, k2 = jax.random.split(key)
    xy = jax.random.uniform(k1, (9, 2))
    wh = jax.random.uniform(k2, (9, 2), minval=0.1, maxval=0.5)
    target = jnp.concatenate([xy, xy + wh], axis=1)
    pred = target + 0.05
    loss, grad = jax.value_and_grad(giou_loss)(pred, target)
    assert grad.shape == (9, 4) and 0.0 < loss < 1.0
    assert jnp.allclose(giou_loss(target, target), 0.0, atol=1e-6)
    iou = pairwise_iou(pred, target[:5])
    assert iou.shape == (9, 5)


if __name__ == "__main__":
    main()
