"""Pre-norm transformer feed-forward block in jax: layer norm, gelu MLP, residual."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Seq = DimensionVar("Seq")
Model = DimensionVar("Model")
Hidden = DimensionVar("Hidden")


def layer_norm(x: NDArray[float32, Seq, Model], scale: NDArray[float32, Model], offset: NDArray[float32, Model]) -> NDArray[float32, Seq, Model]:
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    normed = (x - mean) * jax.lax.rsqrt(var + 1e-6)
    return normed * scale + offset


def feed_forward(
    x: NDArray[float32, Seq, Model],
    scale: NDArray[float32, Model],
    offset: NDArray[float32, Model],
    w_in: NDArray[float32, Model, Hidden],
    w_out: NDArray[float32, Hidden, Model],
) -> NDArray[float32, Seq, Model]:
    h = layer_norm(x, scale, offset)
    h = jax.nn.gelu(h @ w_in)
    return x + h @ w_in  # BUG: input projection used as the output projection


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(4), 3)
    x = jax.random.normal(k1, (5, 8))
    w_in = jax.random.normal(k2, (8, 32)) * 0.1
    w_out = jax.random.normal(k3, (32, 8)) * 0.1
    print("jax ffn", feed_forward(x, jnp.ones(8), jnp.zeros(8), w_in, w_out).shape)


if __name__ == "__main__":
    main()
