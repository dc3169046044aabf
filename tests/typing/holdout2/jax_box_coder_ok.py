"""Encoding and decoding box regression targets against anchors (centre, log-size deltas)."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Anchor = DimensionVar("Anchor")


def centre_size(boxes: NDArray[float32, Anchor, Literal[4]]) -> tuple[NDArray[float32, Anchor, Literal[2]], NDArray[float32, Anchor, Literal[2]]]:
    wh = boxes[:, 2:] - boxes[:, :2]
    return boxes[:, :2] + 0.5 * wh, wh


def encode(anchors: NDArray[float32, Anchor, Literal[4]], gt: NDArray[float32, Anchor, Literal[4]]) -> NDArray[float32, Anchor, Literal[4]]:
    a_ctr, a_wh = centre_size(anchors)
    g_ctr, g_wh = centre_size(gt)
    return jnp.concatenate([(g_ctr - a_ctr) / a_wh, jnp.log(g_wh / a_wh)], axis=-1)


def decode(anchors: NDArray[float32, Anchor, Literal[4]], deltas: NDArray[float32, Anchor, Literal[4]], clip: float = 4.0) -> NDArray[float32, Anchor, Literal[4]]:
    a_ctr, a_wh = centre_size(anchors)
    d_ctr = deltas[:, :2]
    d_wh = jnp.minimum(deltas[:, 2:], clip)
    ctr = a_ctr + d_ctr * a_wh
    wh = a_wh * jnp.exp(d_wh)
    return jnp.concatenate([ctr - 0.5 * wh, ctr + 0.5 * wh], axis=-1)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(20))
    xy = jax.random.uniform(k1, (7, 2), maxval=100.0)
    anchors = jnp.concatenate([xy, xy + 16.0], axis=-1)
    gt = anchors + jax.random.normal(k2, (7, 4))
    deltas = encode(anchors, gt)
    assert jnp.allclose(decode(anchors, deltas), gt, atol=1e-3)
    print("deltas", deltas[0])


if __name__ == "__main__":
    main()
