"""Per-channel symmetric int8 weight quantisation, and a dense layer run on the quantised weights."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int8

In = DimensionVar("In")
Out = DimensionVar("Out")
Batch = DimensionVar("Batch")


def channel_scales(w: NDArray[float32, In, Out]) -> NDArray[float32, Out]:
    return jnp.maximum(jnp.abs(w).max(axis=0), 1e-8) / 127.0


def quantise(w: NDArray[float32, In, Out], scale: NDArray[float32, Out]) -> NDArray[int8, In, Out]:
    return jnp.clip(jnp.round(w / scale), -127, 127).astype(jnp.int8)


def dequantise(q: NDArray[int8, In, Out], scale: NDArray[float32, Out]) -> NDArray[float32, In, Out]:
    return q.astype(jnp.float32) * scale


def int8_dense(x: NDArray[float32, Batch, In], q: NDArray[int8, In, Out], scale: NDArray[float32, Out], b: NDArray[float32, Out]) -> NDArray[float32, Batch, Out]:
    acc = jnp.matmul(x, q.astype(jnp.float32))
    return acc * scale + b


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(19))
    w = jax.random.normal(k1, (16, 6)) * jnp.linspace(0.1, 2.0, 6)
    x = jax.random.normal(k2, (4, 16))
    b = jnp.zeros(6)
    scale = channel_scales(w)
    q = quantise(w, scale)
    err = jnp.abs(dequantise(q, scale) - w).max(axis=0)
    assert bool(jnp.all(err <= scale / 2 + 1e-6))
    y = int8_dense(x, q, scale, b)
    print("max abs diff", float(jnp.abs(y - (x @ w + b)).max()))


if __name__ == "__main__":
    main()
