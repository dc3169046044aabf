"""PCA with jnp.linalg.eigh: components, projection and reconstruction (jax)."""

from typing import Any

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N", bound=int)
D = DimensionVar("D")
K = DimensionVar("K")


def principal_components(x: NDArray[float32, N, D], k: int) -> NDArray[float32, D, Any]:
    xc = x - x.mean(axis=0)
    evals, evecs = jnp.linalg.eigh(xc.T @ xc / (x.shape[0] - 1))
    order = jnp.argsort(evals)[::-1]
    return evecs[:, order[:k]]


def project(x: NDArray[float32, N, D], components: NDArray[float32, D, K]) -> NDArray[float32, N, K]:
    return (x - x.mean(axis=0)) @ components


def reconstruct(codes: NDArray[float32, N, K], components: NDArray[float32, D, K], mean: NDArray[float32, D]) -> NDArray[float32, N, D]:
    return codes @ components.T + mean


def main() -> None:
    x = jax.random.normal(jax.random.PRNGKey(17), (30, 5))
    comps = principal_components(x, 2)
    codes = project(x, comps)
    print("jax pca", comps.shape, codes.shape, reconstruct(codes, comps, x.mean(axis=0)).shape)


if __name__ == "__main__":
    main()
