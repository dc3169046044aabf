"""A ConvNeXt-style 1-D block in JAX: a depthwise convolution written with shifted windows stacked
on a last axis and an einsum against per-channel kernels, layer norm, an inverted-bottleneck MLP
and a residual connection; checked against jnp.convolve channel by channel."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
L = DimensionVar("L")
C = DimensionVar("C")
K = DimensionVar("K")


def shifted_windows(x: NDArray[float32, B, L, C], kernel_size: int) -> NDArray[float32, B, L, C, Any]:
    pad = kernel_size // 2
    xp = jnp.pad(x, ((0, 0), (pad, pad), (0, 0)))
    n = x.shape[1]
    return jnp.stack([xp[:, i : i + n] for i in range(kernel_size)], axis=1)  # BUG: windows stacked on axis 1: (B, K, L, C), not (B, L, C, K)


def depthwise_conv1d(x: NDArray[float32, B, L, C], kernel: NDArray[float32, C, K], bias: NDArray[float32, C]) -> NDArray[float32, B, L, C]:
    windows = shifted_windows(x, kernel.shape[1])
    return jnp.einsum("blck,ck->blc", windows, kernel) + bias


def layer_norm(x: NDArray[float32, B, L, C], eps: float = 1e-6) -> NDArray[float32, B, L, C]:
    mean = x.mean(axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(x.var(axis=-1, keepdims=True) + eps)


def convnext_block(x: NDArray[float32, B, L, C], kernel: NDArray[float32, C, K], bias: NDArray[float32, C], w_up: NDArray[float32, C, Any], w_down: NDArray[float32, Any, C]) -> NDArray[float32, B, L, C]:
    h = layer_norm(depthwise_conv1d(x, kernel, bias))
    return x + jax.nn.gelu(h @ w_up) @ w_down


def main() -> None:
    k1, k2, k3, k4 = jax.random.split(jax.random.PRNGKey(10), 4)
    x = jax.random.normal(k1, (2, 20, 6))
    kernel = jax.random.normal(k2, (6, 7)) * 0.3
    y = depthwise_conv1d(x, kernel, jnp.zeros(6))
    assert y.shape == (2, 20, 6)
    ref = jnp.convolve(x[1, :, 4], kernel[4, ::-1], mode="same")  # einsum correlates, convolve flips
    assert jnp.allclose(y[1, :, 4], ref, atol=1e-5)
    out = convnext_block(x, kernel, jnp.zeros(6), jax.random.normal(k3, (6, 24)) * 0.2, jax.random.normal(k4, (24, 6)) * 0.2)
    assert out.shape == (2, 20, 6)


if __name__ == "__main__":
    main()
