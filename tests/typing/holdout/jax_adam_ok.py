"""Adam with bias correction and decoupled weight decay (AdamW) on a logistic-regression model (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Batch = DimensionVar("Batch")
Feat = DimensionVar("Feat")


def loss(w: NDArray[float32, Feat], b: jax.Array, x: NDArray[float32, Batch, Feat], y: NDArray[float32, Batch]) -> jax.Array:
    logits = x @ w + b
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


def adamw(
    w: NDArray[float32, Feat],
    g: NDArray[float32, Feat],
    m: NDArray[float32, Feat],
    v: NDArray[float32, Feat],
    t: int,
    lr: float = 0.05,
    b1: float = 0.9,
    b2: float = 0.999,
    wd: float = 1e-2,
) -> tuple[NDArray[float32, Feat], NDArray[float32, Feat], NDArray[float32, Feat]]:
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * jnp.square(g)
    m_hat = m / (1 - b1**t)
    v_hat = v / (1 - b2**t)
    w = w - lr * (m_hat / (jnp.sqrt(v_hat) + 1e-8) + wd * w)
    return w, m, v


def fit(x: NDArray[float32, Batch, Feat], y: NDArray[float32, Batch], steps: int) -> NDArray[float32, Feat]:
    w = jnp.zeros(x.shape[1])
    b = jnp.zeros(())
    m, v = jnp.zeros_like(w), jnp.zeros_like(w)
    grad_fn = jax.grad(loss, argnums=(0, 1))
    for t in range(1, steps + 1):
        gw, gb = grad_fn(w, b, x, y)
        w, m, v = adamw(w, gw, m, v, t)
        b = b - 0.05 * gb
    return w


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(3))
    x = jax.random.normal(k1, (30, 4))
    y = (x @ jnp.array([1.0, -2.0, 0.5, 0.0]) > 0).astype(jnp.float32)
    print("adamw", fit(x, y, 20).shape)


if __name__ == "__main__":
    main()
