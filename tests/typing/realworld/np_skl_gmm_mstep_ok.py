"""The M-step of a full-covariance Gaussian mixture, as scikit-learn's
_estimate_gaussian_parameters() computes it: soft counts, means and regularised covariances,
iterated with a simple E-step until the mean log-likelihood settles."""

from dataclasses import dataclass
from typing import Generic

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
K = DimensionVar("K")
D = DimensionVar("D")


@dataclass
class MixtureParams(Generic[K, D]):
    weights: NDArray[np.float64, K]
    means: NDArray[np.float64, K, D]
    covariances: NDArray[np.float64, K, D, D]


def estimate_gaussian_covariances_full(
    resp: NDArray[np.float64, N, K], X: NDArray[np.float64, N, D], nk: NDArray[np.float64, K], means: NDArray[np.float64, K, D], reg_covar: float
) -> NDArray[np.float64, K, D, D]:
    n_components, n_features = means.shape
    covariances = np.empty((n_components, n_features, n_features))
    for k in range(n_components):
        diff = X - means[k]
        covariances[k] = np.dot(resp[:, k] * diff.T, diff) / nk[k]
        covariances[k].flat[:: n_features + 1] += reg_covar
    return covariances


def estimate_gaussian_parameters(
    X: NDArray[np.float64, N, D], resp: NDArray[np.float64, N, K], reg_covar: float
) -> tuple[NDArray[np.float64, K], NDArray[np.float64, K, D], NDArray[np.float64, K, D, D]]:
    nk = resp.sum(axis=0) + 10 * np.finfo(resp.dtype).eps
    means = np.dot(resp.T, X) / nk[:, np.newaxis]
    covariances = estimate_gaussian_covariances_full(resp, X, nk, means, reg_covar)
    return nk, means, covariances


def m_step(X: NDArray[np.float64, N, D], resp: NDArray[np.float64, N, K], reg_covar: float = 1e-6) -> MixtureParams[K, D]:
    nk, means, covariances = estimate_gaussian_parameters(X, resp, reg_covar)
    return MixtureParams(nk / nk.sum(), means, covariances)


def e_step(X: NDArray[np.float64, N, D], params: MixtureParams[K, D]) -> tuple[float, NDArray[np.float64, N, K]]:
    diff = X[:, None, :] - params.means[None, :, :]
    prec = np.linalg.inv(params.covariances)
    maha = np.einsum("nki,kij,nkj->nk", diff, prec, diff)
    _, logdet = np.linalg.slogdet(params.covariances)
    log_prob = -0.5 * (maha + logdet + X.shape[1] * np.log(2 * np.pi)) + np.log(params.weights)
    norm = np.logaddexp.reduce(log_prob, axis=1)
    return float(norm.mean()), np.exp(log_prob - norm[:, None])


def main() -> None:
    rng = np.random.default_rng(6)
    X = np.concatenate([rng.normal(size=(30, 4)), rng.normal(size=(25, 4)) + 5.0])
    resp = rng.dirichlet(np.ones(3), size=55)
    previous = -np.inf
    for _ in range(30):
        params = m_step(X, resp)
        lower_bound, resp = e_step(X, params)
        assert lower_bound >= previous - 1e-9
        previous = lower_bound
    assert params.means.shape == (3, 4) and params.covariances.shape == (3, 4, 4)
    assert params.weights.shape == (3,) and abs(params.weights.sum() - 1.0) < 1e-12


if __name__ == "__main__":
    main()
