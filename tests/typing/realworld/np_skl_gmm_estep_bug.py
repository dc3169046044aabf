"""The E-step of a full-covariance Gaussian mixture, as scikit-learn's GaussianMixture computes it:
Cholesky factors of the precisions, their log-determinants, per-component log densities and the
normalised log responsibilities."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
K = DimensionVar("K")
D = DimensionVar("D")


def compute_precision_cholesky(covariances: NDArray[np.float64, K, D, D]) -> NDArray[np.float64, K, D, D]:
    n_components, n_features, _ = covariances.shape
    precisions_chol = np.empty((n_components, n_features, n_features))
    for k, covariance in enumerate(covariances):
        cov_chol = np.linalg.cholesky(covariance)
        precisions_chol[k] = np.linalg.solve(cov_chol, np.eye(n_features)).T
    return precisions_chol


def compute_log_det_cholesky(matrix_chol: NDArray[np.float64, K, D, D]) -> NDArray[np.float64, K]:
    n_components, n_features, _ = matrix_chol.shape
    diagonals = matrix_chol.reshape(n_components, -1)[:, :: n_features + 1]
    return np.sum(np.log(diagonals), axis=1)


def estimate_log_gaussian_prob(
    X: NDArray[np.float64, N, D], means: NDArray[np.float64, K, D], precisions_chol: NDArray[np.float64, K, D, D]
) -> NDArray[np.float64, N, K]:
    n_features = X.shape[1]
    log_det = compute_log_det_cholesky(precisions_chol)
    log_prob = np.empty((X.shape[0], means.shape[0]), dtype=X.dtype)
    for k, (mu, prec_chol) in enumerate(zip(means, precisions_chol)):
        y = np.dot(X, prec_chol) - np.dot(mu, prec_chol)
        log_prob[:, k] = np.sum(np.square(y), axis=1)
    return -0.5 * (n_features * np.log(2 * np.pi) + log_prob) + log_det


def logsumexp_rows(a: NDArray[np.float64, N, K]) -> NDArray[np.float64, N]:
    a_max = a.max(axis=1, keepdims=True)
    return np.log(np.sum(np.exp(a - a_max), axis=1)) + a_max[:, 0]


def estimate_log_prob_resp(
    X: NDArray[np.float64, N, D], weights: NDArray[np.float64, K], means: NDArray[np.float64, K, D], covariances: NDArray[np.float64, K, D, D]
) -> tuple[NDArray[np.float64, N], NDArray[np.float64, N, K]]:
    weighted_log_prob = estimate_log_gaussian_prob(X, means, compute_precision_cholesky(covariances)) + np.log(weights)
    log_prob_norm = logsumexp_rows(weighted_log_prob)
    log_resp = weighted_log_prob - log_prob_norm  # BUG: the (N,) normaliser subtracted from (N, K) without a new axis
    return log_prob_norm, log_resp


def main() -> None:
    rng = np.random.default_rng(5)
    means = np.array([[0.0, 0.0], [6.0, 6.0], [-6.0, 5.0]])
    covariances = np.stack([np.eye(2), np.array([[2.0, 0.8], [0.8, 1.0]]), np.eye(2) * 0.5])
    labels = rng.integers(0, 3, size=40)
    X = means[labels] + np.einsum("nij,nj->ni", np.linalg.cholesky(covariances)[labels], rng.normal(size=(40, 2)))
    log_prob_norm, log_resp = estimate_log_prob_resp(X, np.array([0.5, 0.3, 0.2]), means, covariances)
    assert log_prob_norm.shape == (40,) and log_resp.shape == (40, 3)
    assert np.allclose(np.exp(log_resp).sum(axis=1), 1.0)
    assert np.mean(log_resp.argmax(axis=1) == labels) > 0.95


if __name__ == "__main__":
    main()
