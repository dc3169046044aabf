"""Nesterov momentum SGD with a warmup-cosine learning rate on a two-layer regression net (jax)."""

import math

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
In = DimensionVar("In")
Hidden = DimensionVar("Hidden")


def lr_at(step: int, total: int, peak: float = 0.1, warmup: int = 5) -> float:
    if step < warmup:
        return peak * (step + 1) / warmup
    return 0.5 * peak * (1 + math.cos(math.pi * (step - warmup) / (total - warmup)))


def forward(w1: NDArray[float32, In, Hidden], w2: NDArray[float32, Hidden], x: NDArray[float32, Batch, In]) -> NDArray[float32, Batch]:
    return jnp.tanh(x @ w1) @ w2


def nesterov(
    w: NDArray[float32, In, Hidden], g: NDArray[float32, In, Hidden], buf: NDArray[float32, In, Hidden], lr: float, mu: float = 0.9
) -> tuple[NDArray[float32, In, Hidden], NDArray[float32, In, Hidden]]:
    buf = mu * buf + g
    return w - lr * (g + mu * buf), buf


def train(x: NDArray[float32, Batch, In], y: NDArray[float32, Batch], w1: NDArray[float32, In, Hidden], w2: NDArray[float32, Hidden], steps: int) -> NDArray[float32, In, Hidden]:
    def mse(w1_: jax.Array) -> jax.Array:
        return jnp.mean((forward(w1_, w2, x) - y) ** 2)

    buf = jnp.zeros_like(w1)
    for step in range(steps):
        w1, buf = nesterov(w1, jax.grad(mse)(w1), buf, lr_at(step, steps))
    return w1


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(4), 3)
    x = jax.random.normal(k1, (16, 3))
    y = jnp.sin(x[:, 0])
    w1 = train(x, y, jax.random.normal(k2, (3, 8)) * 0.5, jax.random.normal(k3, (8,)) * 0.5, 12)
    print("momentum", w1.shape)


if __name__ == "__main__":
    main()
