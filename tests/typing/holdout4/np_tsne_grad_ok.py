"""The t-SNE gradient: Student-t affinities in the embedding against fixed input affinities."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

N = DimensionVar("N")
E = DimensionVar("E")


def student_t_affinities(y: NDArray[float64, N, E]) -> tuple[NDArray[float64, N, N], NDArray[float64, N, N]]:
    sq = (y**2).sum(axis=1)
    d2 = sq[:, None] + sq[None, :] - 2.0 * y @ y.T
    num = 1.0 / (1.0 + d2)
    np.fill_diagonal(num, 0.0)
    return num / num.sum(), num


def tsne_gradient(p: NDArray[float64, N, N], y: NDArray[float64, N, E]) -> NDArray[float64, N, E]:
    q, num = student_t_affinities(y)
    w = (p - q) * num
    diff = y[:, None, :] - y[None, :, :]
    return 4.0 * (w[:, :, None] * diff).sum(axis=1)


def kl_divergence(p, q) -> float:
    mask = p > 0
    return float((p[mask] * np.log(p[mask] / np.maximum(q[mask], 1e-12))).sum())


def main() -> None:
    rng = np.random.default_rng(5)
    n, e = 10, 2
    p = rng.random((n, n))
    p = (p + p.T) / 2
    np.fill_diagonal(p, 0.0)
    p /= p.sum()
    y = 1e-2 * rng.standard_normal((n, e))
    for _ in range(50):
        y = y - 10.0 * tsne_gradient(p, y)
    q, _ = student_t_affinities(y)
    assert y.shape == (n, e) and kl_divergence(p, q) >= 0.0


if __name__ == "__main__":
    main()
