"""Multi-head cross-attention in jax, written with einsum."""

import math

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq")
Ctx = DimensionVar("Ctx")
Model = DimensionVar("Model")
Heads = DimensionVar("Heads")
HeadDim = DimensionVar("HeadDim", bound=int)


def project(x: NDArray[float32, Seq, Model], w: NDArray[float32, Model, Heads, HeadDim]) -> NDArray[float32, Seq, Heads, HeadDim]:
    return jnp.einsum("sd,dhk->shk", x, w)


def scores(q: NDArray[float32, Seq, Heads, HeadDim], k: NDArray[float32, Ctx, Heads, HeadDim]) -> NDArray[float32, Heads, Seq, Ctx]:
    return jnp.einsum("shk,thk->hst", q, k) / math.sqrt(q.shape[-1])


def cross_attention(
    x: NDArray[float32, Seq, Model],
    ctx: NDArray[float32, Ctx, Model],
    w_q: NDArray[float32, Model, Heads, HeadDim],
    w_k: NDArray[float32, Model, Heads, HeadDim],
    w_v: NDArray[float32, Model, Heads, HeadDim],
    w_o: NDArray[float32, Heads, HeadDim, Model],
) -> NDArray[float32, Seq, Model]:
    q = project(x, w_q)
    k = jnp.einsum("td,dhk->thk", ctx, w_k)
    v = jnp.einsum("td,dhk->thk", ctx, w_v)
    weights = jax.nn.softmax(scores(q, k), axis=-1)
    heads = jnp.einsum("hst,thk->shk", weights, v)
    return jnp.einsum("shk,hkd->sd", heads, w_o)


def main() -> None:
    keys = jax.random.split(jax.random.PRNGKey(2), 6)
    x = jax.random.normal(keys[0], (5, 16))
    ctx = jax.random.normal(keys[1], (7, 16))
    w_q, w_k, w_v = (jax.random.normal(k, (16, 4, 8)) * 0.1 for k in keys[2:5])
    w_o = jax.random.normal(keys[5], (4, 8, 16)) * 0.1
    print("jax mha", cross_attention(x, ctx, w_q, w_k, w_v, w_o).shape)


if __name__ == "__main__":
    main()
