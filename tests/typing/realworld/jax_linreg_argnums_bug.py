"""Linear regression trained with jax.grad(loss, argnums=(0, 1)): the weight matrix and the bias
passed as separate arguments, their gradients returned as a tuple, plain SGD, and a check against
the closed-form least-squares solution."""

import jax
import jax.numpy as jnp
import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
F = DimensionVar("F")
Out = DimensionVar("Out")


def predict(w: NDArray[np.float32, F, Out], b: NDArray[np.float32, Out], x: NDArray[np.float32, N, F]) -> NDArray[np.float32, N, Out]:
    return x @ w + b


def mse(w: NDArray[np.float32, F, Out], b: NDArray[np.float32, Out], x: NDArray[np.float32, N, F], y: NDArray[np.float32, N, Out]) -> jax.Array:
    return jnp.mean(jnp.sum((predict(w, b, x) - y) ** 2, axis=-1))


def sgd_step(
    w: NDArray[np.float32, F, Out], b: NDArray[np.float32, Out], x: NDArray[np.float32, N, F], y: NDArray[np.float32, N, Out], lr: float
) -> tuple[NDArray[np.float32, F, Out], NDArray[np.float32, Out]]:
    grad_b, grad_w = jax.grad(mse, argnums=(0, 1))(w, b, x, y)  # BUG: gradients unpacked in the wrong order: (F, Out) applied to b, (Out,) to w
    return w - lr * grad_w, b - lr * grad_b


def closed_form(x: NDArray[np.float32, N, F], y: NDArray[np.float32, N, Out]) -> tuple[NDArray[np.float32, F, Out], NDArray[np.float32, Out]]:
    x1 = jnp.concatenate([x, jnp.ones((x.shape[0], 1), dtype=x.dtype)], axis=1)
    sol = jnp.linalg.lstsq(x1, y)[0]
    return sol[:-1], sol[-1]


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(14), 3)
    x = jax.random.normal(k1, (64, 5))
    w_true = jax.random.normal(k2, (5, 3))
    y = x @ w_true + jnp.array([0.5, -1.0, 2.0]) + 0.01 * jax.random.normal(k3, (64, 3))
    w, b = jnp.zeros((5, 3)), jnp.zeros(3)
    for _ in range(300):
        w, b = sgd_step(w, b, x, y, lr=0.05)
    assert w.shape == (5, 3) and b.shape == (3,)
    w_ref, b_ref = closed_form(x, y)
    assert jnp.allclose(w, w_ref, atol=1e-2) and jnp.allclose(b, b_ref, atol=1e-2)


if __name__ == "__main__":
    main()
