"""SSD-style anchors: generate them on a feature grid, encode ground-truth boxes against them, decode predictions."""

from typing import Any, Literal

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

A = DimensionVar("A")
G = DimensionVar("G")

VARIANCES = (0.1, 0.2)


def make_anchors(fmap: int, sizes: tuple[float, ...]) -> NDArray[np.float32, Any, Literal[4]]:
    centres = (jnp.arange(fmap, dtype=jnp.float32) + 0.5) / fmap
    cy, cx = jnp.meshgrid(centres, centres, indexing="ij")
    per_size = [jnp.stack([cx, cy, jnp.full_like(cx, s), jnp.full_like(cx, s)], axis=-1).reshape(-1, 4) for s in sizes]
    return jnp.concatenate(per_size, axis=0)


def corners_to_centre(boxes: NDArray[np.float32, G, Literal[4]]) -> NDArray[np.float32, G, Literal[4]]:
    wh = boxes[:, 2:] - boxes[:, :2]
    return jnp.concatenate([boxes[:, :2] + 0.5 * wh, wh], axis=-1)


def encode(matched: NDArray[np.float32, A, Literal[4]], anchors: NDArray[np.float32, A, Literal[4]]) -> NDArray[np.float32, A, Literal[4]]:
    c = corners_to_centre(matched)
    dxy = (c[:, :2] - anchors[:, :2]) / (VARIANCES[0] * anchors[:, 2:])
    dwh: NDArray[np.float32, A, Literal[2]] = jnp.log(c[:, 2:] / anchors[:, 2:]) / VARIANCES[1]
    return jnp.concatenate([dxy, dwh], axis=1)


def decode(deltas: NDArray[np.float32, A, Literal[4]], anchors: NDArray[np.float32, A, Literal[4]]) -> NDArray[np.float32, A, Literal[4]]:
    xy = anchors[:, :2] + deltas[:, :2] * VARIANCES[0] * anchors[:, 2:]
    wh = anchors[:, 2:] * jnp.exp(deltas[:, 2:] * VARIANCES[1])
    return jnp.concatenate([xy - 0.5 * wh, xy + 0.5 * wh], axis=1)


def match(anchors: NDArray[np.float32, A, Literal[4]], gt_centre: NDArray[np.float32, G, Literal[4]]) -> NDArray[np.int32, A]:
    d = jnp.abs(anchors[:, None, :2] - gt_centre[None, :, :2]).sum(axis=-1)
    return jnp.argmin(d, axis=1).astype(jnp.int32)


def main() -> None:
    anchors = make_anchors(6, (0.2, 0.4))
    assert anchors.shape == (72, 4)
    gt = jnp.array([[0.1, 0.1, 0.3, 0.4], [0.5, 0.5, 0.9, 0.8], [0.2, 0.6, 0.4, 0.9]], dtype=jnp.float32)
    idx = match(anchors, corners_to_centre(gt))
    matched = gt[idx]
    deltas = encode(matched, anchors)
    boxes = decode(deltas, anchors)
    assert boxes.shape == (72, 4)
    assert jnp.allclose(boxes, matched, atol=1e-5)


if __name__ == "__main__":
    main()
