"""Semi-supervised label propagation on a Gaussian affinity graph, iterated with lax.fori_loop."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, bool_, float32, int32

N = DimensionVar("N")
D = DimensionVar("D")
C = DimensionVar("C")


def affinity(x: NDArray[float32, N, D], bandwidth: float) -> NDArray[float32, N, N]:
    d2 = jnp.sum((x[:, None, :] - x[None, :, :]) ** 2, axis=-1)
    w = jnp.exp(-d2 / (2.0 * bandwidth**2))
    return w * (1.0 - jnp.eye(x.shape[0]))


def normalised(w: NDArray[float32, N, N]) -> NDArray[float32, N, N]:
    d_inv_sqrt = 1.0 / jnp.sqrt(w.sum(axis=1))
    return d_inv_sqrt[:, None] * w * d_inv_sqrt[None, :]


def propagate(
    s: NDArray[float32, N, N], y0: NDArray[float32, N, C], labelled: NDArray[bool_, N], alpha: float, n_iter: int
) -> NDArray[float32, N, C]:
    def body(_, f):
        f = alpha * s @ f + (1.0 - alpha) * y0
        return jnp.where(labelled[:, None], y0, f)

    return jax.lax.fori_loop(0, n_iter, body, y0)


def predict(x: NDArray[float32, N, D], labels: NDArray[int32, N], labelled: NDArray[bool_, N], n_classes: int) -> NDArray[int32, N]:
    y0 = jax.nn.one_hot(labels, n_classes) * labelled[:, None]
    f = propagate(normalised(affinity(x, 0.7)), y0, labelled, 0.9, 50)
    return jnp.argmax(f, axis=1).astype(jnp.int32)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(7))
    centres = jnp.array([[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]])
    truth = jnp.repeat(jnp.arange(3, dtype=jnp.int32), 7)
    x = centres[truth] + 0.4 * jax.random.normal(k1, (21, 2))
    labelled = jnp.arange(21) % 7 == 0
    pred = predict(x, truth, labelled, 3)
    assert pred.shape == (21,)
    assert float((pred == truth).mean()) > 0.9


if __name__ == "__main__":
    main()
