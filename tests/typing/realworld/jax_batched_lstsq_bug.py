"""Batched least squares in JAX: ridge normal equations solved through a Cholesky factor with
jax.scipy.linalg.cho_solve for a whole batch of small regressions, against jnp.linalg.lstsq
vmapped over the batch, and the residual variances."""

import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_solve

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
F = DimensionVar("F")


def batched_ridge(X: NDArray[float32, B, N, F], y: NDArray[float32, B, N], lam: float) -> NDArray[float32, B, F]:
    Xt = jnp.swapaxes(X, -1, -2)
    gram = X @ Xt + lam * jnp.eye(X.shape[-1])  # BUG: X X^T (B, N, N) instead of X^T X (B, F, F)
    chol = jnp.linalg.cholesky(gram)
    rhs = Xt @ y[..., None]
    return cho_solve((chol, True), rhs)[..., 0]


def lstsq_each(X: NDArray[float32, B, N, F], y: NDArray[float32, B, N]) -> NDArray[float32, B, F]:
    return jax.vmap(lambda A, b: jnp.linalg.lstsq(A, b)[0])(X, y)


def residual_variance(X: NDArray[float32, B, N, F], y: NDArray[float32, B, N], coef: NDArray[float32, B, F]) -> NDArray[float32, B]:
    resid = y - jnp.einsum("bnf,bf->bn", X, coef)
    return jnp.sum(resid**2, axis=-1) / (X.shape[1] - X.shape[2])


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(11), 3)
    X = jax.random.normal(k1, (7, 50, 4))
    coef_true = jax.random.normal(k2, (7, 4))
    y = jnp.einsum("bnf,bf->bn", X, coef_true) + 0.1 * jax.random.normal(k3, (7, 50))
    coef = batched_ridge(X, y, lam=1e-6)
    assert coef.shape == (7, 4) and coef.dtype == jnp.float32
    assert jnp.allclose(coef, lstsq_each(X, y), atol=1e-3)
    var = residual_variance(X, y, coef)
    assert var.shape == (7,) and jnp.all(jnp.abs(var - 0.01) < 0.01)
    shrunk = batched_ridge(X, y, lam=1e3)
    assert jnp.all(jnp.linalg.norm(shrunk, axis=-1) < jnp.linalg.norm(coef, axis=-1))


if __name__ == "__main__":
    main()
