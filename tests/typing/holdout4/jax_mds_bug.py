"""Classical multidimensional scaling: double centring of squared distances and the top eigenvectors."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
K = DimensionVar("K")


def squared_distances(x: NDArray[float32, N, D]) -> NDArray[float32, N, N]:
    diff = x[:, None, :] - x[None, :, :]
    return jnp.sum(diff * diff, axis=-1)


def double_centre(d2: NDArray[float32, N, N]) -> NDArray[float32, N, N]:
    row_mean = d2.mean(axis=1, keepdims=True)
    col_mean = d2.mean(axis=0, keepdims=True)
    return -0.5 * (d2 - row_mean - col_mean + d2.mean())


def classical_mds(d2: NDArray[float32, N, N], k: int) -> NDArray[float32, N, K]:
    gram = double_centre(d2)
    evals, evecs = jnp.linalg.eigh(gram)
    top_vals = evals[::-1][:k]
    top_vecs = evecs[:, ::-1][:, :k]
    return top_vecs.T * jnp.sqrt(jnp.maximum(top_vals, 0.0))[None, :]  # BUG: spurious transpose: the eigenvectors are the columns, (K, N) returned


def stress(d2: NDArray[float32, N, N], emb: NDArray[float32, N, K]) -> float:
    return float(jnp.sqrt(jnp.sum((squared_distances(emb) - d2) ** 2) / jnp.sum(d2**2)))


def main() -> None:
    key = jax.random.PRNGKey(11)
    x = jax.random.normal(key, (12, 2)) @ jnp.array([[1.0, 0.5, 0.0, 0.2], [0.0, 1.0, 0.3, -0.4]])
    d2 = squared_distances(x)
    emb = classical_mds(d2, 2)
    assert emb.shape == (12, 2)
    assert stress(d2, emb) < 1e-3


if __name__ == "__main__":
    main()
