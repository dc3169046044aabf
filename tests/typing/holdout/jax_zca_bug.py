"""ZCA whitening of image patches via the SVD of the covariance (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

Sample = DimensionVar("Sample")
Feat = DimensionVar("Feat")


def zca_matrix(x: NDArray[float32, Sample, Feat], eps: float = 1e-2) -> tuple[NDArray[float32, Feat, Feat], NDArray[float32, Feat]]:
    mean = x.mean(axis=0)
    xc = x - mean
    cov = xc.T @ xc / x.shape[0]
    u, s, _ = jnp.linalg.svd(cov)
    w = u @ jnp.diag(1.0 / jnp.sqrt(s + eps)) @ u.T
    return w, mean


def apply_zca(x: NDArray[float32, Sample, Feat], w: NDArray[float32, Feat, Feat], mean: NDArray[float32, Feat]) -> NDArray[float32, Sample, Feat]:
    return w @ (x - mean)  # BUG: operands swapped: (Feat, Feat) @ (Sample, Feat)


def feature_correlation(x: NDArray[float32, Sample, Feat]) -> NDArray[float32, Feat, Feat]:
    xc = x - x.mean(axis=0, keepdims=True)
    std = jnp.sqrt(jnp.mean(xc**2, axis=0))
    return (xc.T @ xc) / x.shape[0] / jnp.outer(std, std)


def main() -> None:
    k1, k2 = jax.random.split(jax.random.PRNGKey(15))
    x = jax.random.normal(k1, (50, 6)) @ jax.random.normal(k2, (6, 6))
    w, mean = zca_matrix(x)
    white = apply_zca(x, w, mean)
    print("zca", white.shape, feature_correlation(white).shape)


if __name__ == "__main__":
    main()
