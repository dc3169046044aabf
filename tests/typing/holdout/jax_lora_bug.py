"""A dense layer with a LoRA adapter, and merging the adapter into the base weight (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Seq = DimensionVar("Seq")
In = DimensionVar("In")
Out = DimensionVar("Out")
Rank = DimensionVar("Rank")


def lora_dense(
    x: NDArray[float32, Batch, Seq, In], w: NDArray[float32, In, Out], a: NDArray[float32, In, Rank], b: NDArray[float32, Rank, Out], alpha: float
) -> NDArray[float32, Batch, Seq, Out]:
    scale = alpha / a.shape[1]
    return x @ w + (x @ a) @ b * scale


def merged_weight(w: NDArray[float32, In, Out], a: NDArray[float32, In, Rank], b: NDArray[float32, Rank, Out], alpha: float) -> NDArray[float32, In, Out]:
    return w + alpha / a.shape[1] * (b @ a)  # BUG: adapter factors multiplied in the wrong order


def init_adapter(key: jax.Array, d_in: int, d_out: int, rank: int) -> tuple[NDArray[float32, In, Rank], NDArray[float32, Rank, Out]]:
    a = jax.random.normal(key, (d_in, rank)) / jnp.sqrt(d_in)
    b = jnp.zeros((rank, d_out))
    return a, b


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(18), 3)
    x = jax.random.normal(k1, (2, 5, 8))
    w = jax.random.normal(k2, (8, 6))
    a, b = init_adapter(k3, 8, 6, 3)
    b = b + 0.01
    y = lora_dense(x, w, a, b, 4.0)
    print("lora", y.shape, float(jnp.abs(y - x @ merged_weight(w, a, b, 4.0)).max()))


if __name__ == "__main__":
    main()
