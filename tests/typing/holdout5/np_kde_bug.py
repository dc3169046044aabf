"""Gaussian kernel density estimation with Scott's bandwidth, evaluated on a query grid."""

import numpy as np

from ndtyping import DimensionVar, NDArray

N = DimensionVar("N")
Q = DimensionVar("Q")
D = DimensionVar("D")


def scott_bandwidth(samples: NDArray[np.float64, N, D]) -> NDArray[np.float64, D, D]:
    n, d = samples.shape
    factor = n ** (-1.0 / (d + 4))
    cov = np.cov(samples, rowvar=False)
    return np.atleast_2d(cov) * factor**2


def kde(samples: NDArray[np.float64, N, D], queries: NDArray[np.float64, Q, D], bw: NDArray[np.float64, D, D]) -> NDArray[np.float64, Q]:
    d = samples.shape[1]
    prec = np.linalg.inv(bw)
    norm = 1.0 / np.sqrt((2 * np.pi) ** d * np.linalg.det(bw))
    diff: NDArray[np.float64, Q, N, D] = queries[:, None, :] - samples[None, :, :]
    maha = np.einsum("qnd,de,qne->nq", diff, prec, diff)  # BUG: output subscripts transposed: (N, Q)
    return norm * np.exp(-0.5 * maha).mean(axis=1)


def main() -> None:
    rng = np.random.default_rng(12)
    samples = rng.standard_normal((200, 2)) * np.array([1.0, 0.5])
    bw = scott_bandwidth(samples)
    assert bw.shape == (2, 2)
    g = np.linspace(-4, 4, 41)
    gx, gy = np.meshgrid(g, g)
    queries = np.stack([gx.ravel(), gy.ravel()], axis=1)
    dens = kde(samples, queries, bw)
    assert dens.shape == (41 * 41,)
    cell = (g[1] - g[0]) ** 2
    assert abs(dens.sum() * cell - 1.0) < 0.05


if __name__ == "__main__":
    main()
