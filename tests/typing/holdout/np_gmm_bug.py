"""One EM iteration for a diagonal Gaussian mixture (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

N = DimensionVar("N")
K = DimensionVar("K")
D = DimensionVar("D")


def log_gaussian(x: NDArray[float32, N, D], means: NDArray[float32, K, D], variances: NDArray[float32, K, D]) -> NDArray[float32, N, K]:
    diff = x[:, None, :] - means[None, :, :]
    mahalanobis = np.sum(diff**2 / variances, axis=-1)
    log_det = np.sum(np.log(2 * np.pi * variances), axis=-1)
    return -0.5 * (mahalanobis + log_det)


def responsibilities(log_p: NDArray[float32, N, K], log_weights: NDArray[float32, K]) -> NDArray[float32, N, K]:
    joint = log_p + log_weights
    joint = joint - joint.max(axis=1, keepdims=True)
    r = np.exp(joint)
    return r / r.sum(axis=1)  # BUG: forgot keepdims: (N, K) / (N,)


def m_step(x: NDArray[float32, N, D], r: NDArray[float32, N, K]) -> tuple[NDArray[float32, K], NDArray[float32, K, D], NDArray[float32, K, D]]:
    nk = r.sum(axis=0)
    means = r.T @ x / nk[:, None]
    variances = r.T @ x**2 / nk[:, None] - means**2 + 1e-6
    return nk / x.shape[0], means, variances


def main() -> None:
    rng = np.random.default_rng(9)
    x = np.concatenate([rng.standard_normal((20, 2)) - 3, rng.standard_normal((20, 2)) + 3]).astype(np.float32)
    means = x[rng.choice(40, 3, replace=False)]
    variances = np.ones((3, 2), dtype=np.float32)
    weights = np.full(3, 1 / 3, dtype=np.float32)
    r = responsibilities(log_gaussian(x, means, variances), np.log(weights))
    weights, means, variances = m_step(x, r)
    print("gmm", r.shape, weights.shape, means.shape)


if __name__ == "__main__":
    main()
