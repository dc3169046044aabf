"""The CLIP contrastive objective: normalised projections, a learned temperature, symmetric cross-entropy."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
ImgFeat = DimensionVar("ImgFeat")
TxtFeat = DimensionVar("TxtFeat")
Embed = DimensionVar("Embed")


def project(feats: NDArray[float32, Batch, ImgFeat], w: NDArray[float32, ImgFeat, Embed]) -> NDArray[float32, Batch, Embed]:
    z = feats @ w
    return z / jnp.linalg.norm(z, axis=-1)  # BUG: keepdims forgotten: (Batch, Embed) / (Batch,)


def clip_logits(img: NDArray[float32, Batch, Embed], txt: NDArray[float32, Batch, Embed], log_scale: jax.Array) -> NDArray[float32, Batch, Batch]:
    return jnp.exp(log_scale) * img @ txt.T


def symmetric_ce(logits: NDArray[float32, Batch, Batch]) -> jax.Array:
    labels = jnp.arange(logits.shape[0])
    img_to_txt = -jnp.take_along_axis(jax.nn.log_softmax(logits, axis=1), labels[:, None], axis=1).mean()
    txt_to_img = -jnp.take_along_axis(jax.nn.log_softmax(logits, axis=0), labels[None, :], axis=0).mean()
    return (img_to_txt + txt_to_img) / 2


def clip_loss(
    img_feats: NDArray[float32, Batch, ImgFeat],
    txt_feats: NDArray[float32, Batch, TxtFeat],
    w_img: NDArray[float32, ImgFeat, Embed],
    w_txt: NDArray[float32, TxtFeat, Embed],
    log_scale: jax.Array,
) -> jax.Array:
    return symmetric_ce(clip_logits(project(img_feats, w_img), project(txt_feats, w_txt), log_scale))


def main() -> None:
    k = jax.random.split(jax.random.PRNGKey(7), 4)
    batch, d_img, d_txt, embed = 6, 20, 12, 8
    img = jax.random.normal(k[0], (batch, d_img))
    txt = jax.random.normal(k[1], (batch, d_txt))
    w_img = jax.random.normal(k[2], (d_img, embed))
    w_txt = jax.random.normal(k[3], (d_txt, embed))
    value = clip_loss(img, txt, w_img, w_txt, jnp.log(1 / 0.07))
    print("clip loss", float(value))


if __name__ == "__main__":
    main()
