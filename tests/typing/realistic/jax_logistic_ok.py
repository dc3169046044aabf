"""Binary classifier head: probabilities, BCE with logits, thresholded predictions (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32, int32

N = DimensionVar("N")
D = DimensionVar("D")


def logits(x: NDArray[float32, N, D], w: NDArray[float32, D], b: float) -> NDArray[float32, N]:
    return x @ w + b


def bce_with_logits(z: NDArray[float32, N], y: NDArray[float32, N]) -> float:
    return float(jnp.mean(jnp.maximum(z, 0) - z * y + jnp.log1p(jnp.exp(-jnp.abs(z)))))


def predict(x: NDArray[float32, N, D], w: NDArray[float32, D], b: float) -> NDArray[int32, N]:
    return (jax.nn.sigmoid(logits(x, w, b)) > 0.5).astype(jnp.int32)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(45))
    x = jax.random.normal(k1, (8, 3))
    w = jax.random.normal(k2, (3,))
    y = (x[:, 0] > 0).astype(jnp.float32)
    print("jax logistic", bce_with_logits(logits(x, w, 0.0), y), predict(x, w, 0.0).shape)


if __name__ == "__main__":
    main()
