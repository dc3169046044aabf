"""A dilated causal 1-D convolution stack (WaveNet-like) with lax.conv_general_dilated, NWC layout."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
T = DimensionVar("T")
Cin = DimensionVar("Cin")
Cout = DimensionVar("Cout")
Kw = DimensionVar("Kw")


def causal_conv(
    x: NDArray[float32, B, T, Cin], w: NDArray[float32, Kw, Cin, Cout], dilation: int
) -> NDArray[float32, B, T, Cout]:
    pad = (w.shape[0] - 1) * dilation
    return jax.lax.conv_general_dilated(
        x, w, window_strides=(1,), padding=[(pad, 0)], rhs_dilation=(dilation,), dimension_numbers=("NWC", "WIO", "NWC")
    )


def gated_block(
    x: NDArray[float32, B, T, Cin], w_filter: NDArray[float32, Kw, Cin, Cin], w_gate: NDArray[float32, Kw, Cin, Cin], dilation: int
) -> NDArray[float32, B, T, Cin]:
    f = jnp.tanh(causal_conv(x, w_filter, dilation))
    g = jax.nn.sigmoid(causal_conv(x, w_gate, dilation))
    return x + f * g


def receptive_field(kernel: int, dilations: list[int]) -> int:
    return 1 + sum((kernel - 1) * d for d in dilations)


def wavenet(x: NDArray[float32, B, T, Cin], params: list[dict[str, jax.Array]], w_out: NDArray[float32, Cin, Cout]) -> NDArray[float32, B, T, Cout]:
    for i, layer in enumerate(params):
        x = gated_block(x, layer["filter"], layer["gate"], dilation=2**i)
    return w_out @ x  # BUG: operands swapped: (Cin, Cout) @ (B, T, Cin)


def main() -> None:
    key = jax.random.PRNGKey(2)
    b, t, c, kw, cout = 2, 20, 4, 2, 3
    keys = jax.random.split(key, 8)
    params = [
        {"filter": 0.3 * jax.random.normal(keys[2 * i], (kw, c, c)), "gate": 0.3 * jax.random.normal(keys[2 * i + 1], (kw, c, c))}
        for i in range(3)
    ]
    x = jax.random.normal(keys[6], (b, t, c))
    y = wavenet(x, params, jax.random.normal(keys[7], (c, cout)))
    assert y.shape == (b, t, cout)
    x2 = x.at[:, 15:].set(0.0)
    y2 = wavenet(x2, params, jax.random.normal(keys[7], (c, cout)))
    assert jnp.allclose(y[:, :15], y2[:, :15], atol=1e-5)
    assert receptive_field(kw, [1, 2, 4]) == 8


if __name__ == "__main__":
    main()
