"""Log densities and KL divergences of a batch of multivariate normals through their Cholesky
factors, the way scipy.stats.multivariate_normal and probabilistic-programming libraries compute
them (log-determinant from the factor's diagonal, Mahalanobis term by a triangular solve)."""

import numpy as np

from ndtyping import DimensionVar, NDArray

B = DimensionVar("B")
D = DimensionVar("D")


def half_log_det(L: NDArray[np.float64, B, D, D]) -> NDArray[np.float64, B]:
    return np.sum(np.log(np.diagonal(L, axis1=-2, axis2=-1)), axis=-1)


def mvn_logpdf(x: NDArray[np.float64, B, D], mean: NDArray[np.float64, B, D], cov: NDArray[np.float64, B, D, D]) -> NDArray[np.float64, B]:
    L = np.linalg.cholesky(cov)
    z = np.linalg.solve(L, (x - mean)[..., None])[..., 0]
    maha = np.sum(z**2, axis=-1)
    half_logdet = np.sum(np.log(np.diagonal(L, axis1=-2, axis2=-1)), axis=0)  # BUG: log-diagonal summed over the batch axis (D,), not the dimension axis (B,)
    d = x.shape[-1]
    return -0.5 * (d * np.log(2 * np.pi) + maha) - half_logdet


def mvn_kl(mu0: NDArray[np.float64, B, D], cov0: NDArray[np.float64, B, D, D], mu1: NDArray[np.float64, B, D], cov1: NDArray[np.float64, B, D, D]) -> NDArray[np.float64, B]:
    L1 = np.linalg.cholesky(cov1)
    M = np.linalg.solve(L1, np.linalg.cholesky(cov0))
    trace = np.sum(M**2, axis=(-2, -1))
    z = np.linalg.solve(L1, (mu1 - mu0)[..., None])[..., 0]
    d = mu0.shape[-1]
    return 0.5 * (trace + np.sum(z**2, axis=-1) - d) + half_log_det(L1) - half_log_det(np.linalg.cholesky(cov0))


def sample(mean: NDArray[np.float64, B, D], cov: NDArray[np.float64, B, D, D], rng: np.random.Generator) -> NDArray[np.float64, B, D]:
    eps = rng.standard_normal((mean.shape[0], mean.shape[1]))
    return mean + np.einsum("bij,bj->bi", np.linalg.cholesky(cov), eps)


def main() -> None:
    rng = np.random.default_rng(16)
    A = rng.normal(size=(5, 3, 3))
    cov = A @ np.swapaxes(A, -1, -2) + 0.5 * np.eye(3)
    mean = rng.normal(size=(5, 3))
    x = sample(mean, cov, rng)
    logp = mvn_logpdf(x, mean, cov)
    assert logp.shape == (5,)
    # compare with the textbook formula for one member of the batch
    diff = x[2] - mean[2]
    ref = -0.5 * (diff @ np.linalg.solve(cov[2], diff) + np.linalg.slogdet(cov[2])[1] + 3 * np.log(2 * np.pi))
    assert np.isclose(logp[2], ref)
    kl = mvn_kl(mean, cov, mean + 1.0, cov * 2.0)
    assert kl.shape == (5,) and np.all(kl > 0)
    assert np.allclose(mvn_kl(mean, cov, mean, cov), 0.0, atol=1e-9)


if __name__ == "__main__":
    main()
