"""Fake quantisation for quantisation-aware training: round, clip, cast (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int8

N = DimensionVar("N")
D = DimensionVar("D")


def quantize(x: NDArray[float32, N, D], scale: float) -> NDArray[int8, N, D]:
    return jnp.clip(jnp.round(x / scale), -128, 127)  # BUG: forgot the cast: float32 returned where int8 is declared


def dequantize(q: NDArray[int8, N, D], scale: float) -> NDArray[float32, N, D]:
    return q.astype(jnp.float32) * scale


def fake_quant(x: NDArray[float32, N, D], scale: float) -> NDArray[float32, N, D]:
    return dequantize(quantize(x, scale), scale)


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(36), (4, 5))
    print("fake quant", fake_quant(x, 0.05).shape, float(jnp.abs(fake_quant(x, 0.05) - x).max()))


if __name__ == "__main__":
    main()
