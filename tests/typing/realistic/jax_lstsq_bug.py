"""Linear probe fitted in closed form with jnp.linalg.lstsq, scored with R^2 (jax)."""

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
D = DimensionVar("D")
T = DimensionVar("T")


def fit_probe(features: NDArray[float32, N, D], targets: NDArray[float32, N, T]) -> NDArray[float32, D, T]:
    coef, _, _, _ = jnp.linalg.lstsq(features, targets)
    return coef


def r_squared(features: NDArray[float32, N, D], targets: NDArray[float32, N, T], coef: NDArray[float32, D, T]) -> NDArray[float32, T]:
    pred = features @ coef
    ss_res = jnp.sum((targets - pred) ** 2, axis=0)
    ss_tot = jnp.sum((targets - targets.mean(axis=1)) ** 2, axis=0)  # BUG: row means (N,) broadcast against (N, T)
    return 1.0 - ss_res / ss_tot


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(20), 3)
    feats = jax.random.normal(k1, (50, 6))
    targets = feats @ jax.random.normal(k2, (6, 2)) + 0.1 * jax.random.normal(k3, (50, 2))
    coef = fit_probe(feats, targets)
    print("jax probe", coef.shape, r_squared(feats, targets, coef).round(2))


if __name__ == "__main__":
    main()
