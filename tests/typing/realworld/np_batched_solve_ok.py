"""Many small regressions at once with numpy's stacked linear algebra: ridge normal equations
solved per batch with np.linalg.solve (numpy 2 wants the right-hand side as a stack of columns),
the same through a Cholesky factor, and np.linalg.lstsq one system at a time as a reference."""

import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
N = DimensionVar("N")
F = DimensionVar("F")


def gram_and_rhs(X: NDArray[np.float64, B, N, F], y: NDArray[np.float64, B, N], ridge: float) -> tuple[NDArray[np.float64, B, F, F], NDArray[np.float64, B, F]]:
    gram = np.swapaxes(X, -1, -2) @ X + ridge * np.eye(X.shape[-1])
    rhs = np.einsum("bnf,bn->bf", X, y)
    return gram, rhs


def batched_ridge(X: NDArray[np.float64, B, N, F], y: NDArray[np.float64, B, N], ridge: float = 1e-8) -> NDArray[np.float64, B, F]:
    gram, rhs = gram_and_rhs(X, y, ridge)
    return np.linalg.solve(gram, rhs[..., None])[..., 0]


def batched_ridge_cholesky(X: NDArray[np.float64, B, N, F], y: NDArray[np.float64, B, N], ridge: float = 1e-8) -> NDArray[np.float64, B, F]:
    gram, rhs = gram_and_rhs(X, y, ridge)
    L = np.linalg.cholesky(gram)
    z = np.linalg.solve(L, rhs[..., None])
    return np.linalg.solve(np.swapaxes(L, -1, -2), z)[..., 0]


def lstsq_each(X: NDArray[np.float64, B, N, F], y: NDArray[np.float64, B, N]) -> NDArray[np.float64, B, F]:
    return np.stack([np.linalg.lstsq(Xb, yb, rcond=None)[0] for Xb, yb in zip(X, y)])


def residual_std(X: NDArray[np.float64, B, N, F], y: NDArray[np.float64, B, N], coef: NDArray[np.float64, B, F]) -> NDArray[np.float64, B]:
    resid = y - np.einsum("bnf,bf->bn", X, coef)
    dof = X.shape[1] - X.shape[2]
    return np.sqrt(np.sum(resid**2, axis=1) / dof)


def main() -> None:
    rng = np.random.default_rng(15)
    X = rng.normal(size=(6, 40, 3))
    coef_true = rng.normal(size=(6, 3))
    y = np.einsum("bnf,bf->bn", X, coef_true) + 0.1 * rng.normal(size=(6, 40))
    coef = batched_ridge(X, y)
    assert coef.shape == (6, 3)
    assert np.allclose(coef, lstsq_each(X, y), atol=1e-6)
    assert np.allclose(coef, batched_ridge_cholesky(X, y), atol=1e-8)
    sigma = residual_std(X, y, coef)
    assert sigma.shape == (6,) and np.all(np.abs(sigma - 0.1) < 0.05)


if __name__ == "__main__":
    main()
