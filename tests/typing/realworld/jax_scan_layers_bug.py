"""A deep residual MLP whose layers are stacked into one pytree and applied with lax.scan over the
layer axis (the "scan over layers" pattern of Flax's nn.scan and MaxText): per-layer NamedTuples
stacked with tree_map(lambda *xs: jnp.stack(xs)), checked against a Python loop."""

from typing import Generic, NamedTuple

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
D = DimensionVar("D")
F = DimensionVar("F")


class LayerParams(NamedTuple, Generic[D, F]):
    w_in: NDArray[float32, D, F]
    b_in: NDArray[float32, F]
    w_out: NDArray[float32, F, D]


def init_layers(key: jax.Array, n_layers: int, d: int, f: int) -> list[LayerParams[D, F]]:
    layers = []
    for k in jax.random.split(key, n_layers):
        k1, k2 = jax.random.split(k)
        layers.append(LayerParams(jax.random.normal(k1, (d, f)) / jnp.sqrt(d), jnp.zeros(f), jax.random.normal(k2, (f, d)) * 0.1 / jnp.sqrt(f)))
    return layers


def stack_layers(layers: list[LayerParams[D, F]]) -> LayerParams[D, F]:
    return jax.tree_util.tree_map(lambda *xs: jnp.stack(xs, axis=-1), *layers)  # BUG: layers stacked on the last axis; lax.scan slices the first


def residual_mlp(p: LayerParams[D, F], x: NDArray[float32, B, D]) -> NDArray[float32, B, D]:
    return x + jax.nn.gelu(x @ p.w_in + p.b_in) @ p.w_out


def apply_stacked(stacked: LayerParams[D, F], x: NDArray[float32, B, D]) -> NDArray[float32, B, D]:
    def body(h: jax.Array, p: LayerParams[D, F]) -> tuple[jax.Array, None]:
        return residual_mlp(p, h), None

    out, _ = jax.lax.scan(body, x, stacked)
    return out


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(27))
    layers = init_layers(k1, n_layers=6, d=8, f=20)
    stacked = stack_layers(layers)
    assert stacked.w_in.shape == (6, 8, 20) and stacked.b_in.shape == (6, 20)
    x = jax.random.normal(k2, (4, 8))
    y = apply_stacked(stacked, x)
    ref = x
    for layer in layers:
        ref = residual_mlp(layer, ref)
    assert y.shape == (4, 8)
    assert jnp.allclose(y, ref, atol=1e-5)


if __name__ == "__main__":
    main()
