"""PCA by eigendecomposition of the covariance, whitening, and reconstruction (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float32

Sample = DimensionVar("Sample")
Feature = DimensionVar("Feature")
Comp = DimensionVar("Comp")


def principal_components(x: NDArray[float32, Sample, Feature], k: int) -> tuple[NDArray[float32, Feature, Comp], NDArray[float32, Comp]]:
    centred = x - x.mean(axis=0)
    cov = centred.T @ centred / (x.shape[0] - 1)
    evals, evecs = np.linalg.eigh(cov)
    order = np.argsort(evals)[::-1][:k]
    return evecs[:, order], evals[order]


def whiten(
    x: NDArray[float32, Sample, Feature], comps: NDArray[float32, Feature, Comp], variances: NDArray[float32, Comp], eps: float = 1e-5
) -> NDArray[float32, Sample, Comp]:
    centred = x - x.mean(axis=0, keepdims=True)
    return (centred @ comps) / np.sqrt(variances + eps)


def reconstruct(z: NDArray[float32, Sample, Comp], comps: NDArray[float32, Feature, Comp], mean: NDArray[float32, Feature]) -> NDArray[float32, Sample, Feature]:
    return z @ comps + mean  # BUG: forgot to transpose the components: (Sample, Comp) @ (Feature, Comp)


def explained_ratio(variances: NDArray[float32, Comp], x: NDArray[float32, Sample, Feature]) -> NDArray[float32, Comp]:
    total = x.var(axis=0, ddof=1).sum()
    return variances / total


def main() -> None:
    rng = np.random.default_rng(7)
    x = (rng.standard_normal((40, 6)) @ rng.standard_normal((6, 6))).astype(np.float32)
    comps, variances = principal_components(x, 3)
    z = whiten(x, comps, variances)
    back = reconstruct(z * np.sqrt(variances), comps, x.mean(axis=0))
    print("pca", z.shape, back.shape, explained_ratio(variances, x).shape)


if __name__ == "__main__":
    main()
