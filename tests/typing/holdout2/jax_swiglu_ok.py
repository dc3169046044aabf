"""A transformer feed-forward block with a fused SwiGLU projection and RMS norm, vmapped over a batch."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq")
Model = DimensionVar("Model")
Hidden = DimensionVar("Hidden")
Fused = DimensionVar("Fused")


def rms_norm(x: NDArray[float32, Seq, Model], gain: NDArray[float32, Model], eps: float = 1e-6) -> NDArray[float32, Seq, Model]:
    return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps) * gain


def swiglu(x: NDArray[float32, Seq, Model], w_fused: NDArray[float32, Model, Fused], w_down: NDArray[float32, Hidden, Model]) -> NDArray[float32, Seq, Model]:
    gate, up = jnp.split(x @ w_fused, 2, axis=-1)
    return (jax.nn.silu(gate) * up) @ w_down


def block(x: NDArray[float32, Seq, Model], gain: NDArray[float32, Model], w_fused: NDArray[float32, Model, Fused], w_down: NDArray[float32, Hidden, Model]) -> NDArray[float32, Seq, Model]:
    return x + swiglu(rms_norm(x, gain), w_fused, w_down)


def main() -> None:
    k = jax.random.split(jax.random.PRNGKey(21), 3)
    batch, seq, model, hidden = 2, 6, 8, 20
    x = jax.random.normal(k[0], (batch, seq, model))
    gain = jnp.ones(model)
    w_fused = jax.random.normal(k[1], (model, 2 * hidden)) / jnp.sqrt(model)
    w_down = jax.random.normal(k[2], (hidden, model)) / jnp.sqrt(hidden)
    y = jax.vmap(block, in_axes=(0, None, None, None))(x, gain, w_fused, w_down)
    assert y.shape == (batch, seq, model)
    print("ffn out", float(jnp.abs(y).mean()))


if __name__ == "__main__":
    main()
