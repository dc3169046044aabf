"""WaveNet-style dilated causal convolutions in JAX with lax.conv_general_dilated ("NWC" inputs,
"WIO" kernels, left padding only), gated tanh/sigmoid activations, 1x1 convolutions as einsums,
and residual and skip connections over a stack of dilations."""

from dataclasses import dataclass
from typing import Any, Generic

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
L = DimensionVar("L")
C = DimensionVar("C")
Cin = DimensionVar("Cin")
Cout = DimensionVar("Cout")
K = DimensionVar("K")


@jax.tree_util.register_dataclass
@dataclass
class ResidualBlock(Generic[C]):
    filt: NDArray[float32, Any, C, C]  # (kernel width, in, out)
    gate: NDArray[float32, Any, C, C]
    res: NDArray[float32, C, C]
    skip: NDArray[float32, C, C]


def causal_conv1d(x: NDArray[float32, B, L, Cin], w: NDArray[float32, K, Cin, Cout], dilation: int) -> NDArray[float32, B, L, Cout]:
    pad = (w.shape[0] - 1) * dilation
    return jax.lax.conv_general_dilated(
        x, w, window_strides=(1,), padding=[(pad, 0)], rhs_dilation=(dilation,), dimension_numbers=("NWC", "OIW", "NWC")  # BUG: kernel layout declared OIW for a (width, in, out) kernel
    )


def residual_block(p: ResidualBlock[C], x: NDArray[float32, B, L, C], dilation: int) -> tuple[NDArray[float32, B, L, C], NDArray[float32, B, L, C]]:
    h = jnp.tanh(causal_conv1d(x, p.filt, dilation)) * jax.nn.sigmoid(causal_conv1d(x, p.gate, dilation))
    return x + jnp.einsum("blc,cd->bld", h, p.res), jnp.einsum("blc,cd->bld", h, p.skip)


def wavenet(blocks: list[ResidualBlock[C]], x: NDArray[float32, B, L, C]) -> NDArray[float32, B, L, C]:
    skips = jnp.zeros_like(x)
    for i, p in enumerate(blocks):
        x, s = residual_block(p, x, dilation=2**i)
        skips = skips + s
    return jax.nn.relu(skips)


def main() -> None:
    channels, width = 6, 2
    keys = jax.random.split(jax.random.PRNGKey(23), 17)
    blocks = [
        ResidualBlock(*(jax.random.normal(k, s) * 0.3 for k, s in zip(keys[4 * i : 4 * i + 4], [(width, channels, channels)] * 2 + [(channels, channels)] * 2)))
        for i in range(4)
    ]
    x = jax.random.normal(keys[16], (3, 40, channels))
    y = wavenet(blocks, x)
    assert y.shape == (3, 40, 6)
    # causality: the first 20 outputs do not see the last 20 inputs
    y_prefix = wavenet(blocks, x[:, :20])
    assert jnp.allclose(y_prefix, y[:, :20], atol=1e-5)
    conv = causal_conv1d(x, blocks[0].filt, dilation=4)
    assert conv.shape == (3, 40, 6)


if __name__ == "__main__":
    main()
