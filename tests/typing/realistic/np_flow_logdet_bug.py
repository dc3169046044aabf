"""Change of variables for a batch of linear flows: per-sample log|det J| with np.linalg (numpy)."""

import numpy as np

from ndtyping import DimensionVar, NDArray, float64

B = DimensionVar("B")
D = DimensionVar("D")


def log_abs_det(jacobians: NDArray[float64, B, D, D]) -> NDArray[float64, B]:
    return np.log(np.abs(np.linalg.det(jacobians))).sum()  # BUG: summed the per-sample log-determinants


def transform(z: NDArray[float64, B, D], jacobians: NDArray[float64, B, D, D]) -> NDArray[float64, B, D]:
    return np.einsum("bij,bj->bi", jacobians, z)


def log_density(z: NDArray[float64, B, D], base_logp: NDArray[float64, B], jacobians: NDArray[float64, B, D, D]) -> NDArray[float64, B]:
    return base_logp - log_abs_det(jacobians)


def main() -> None:
    rng = np.random.default_rng(54)
    jac = rng.standard_normal((5, 3, 3)) + 3 * np.eye(3)
    z = rng.standard_normal((5, 3))
    print("flow", transform(z, jac).shape, log_density(z, np.zeros(5), jac).shape)


if __name__ == "__main__":
    main()
