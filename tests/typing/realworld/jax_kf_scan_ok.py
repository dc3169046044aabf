"""A Kalman filter as one lax.scan over the observations, the way dynamax and other JAX
state-space libraries write it: the model in a NamedTuple generic in its dimensions, the carry a
(mean, covariance) pair, and the marginal log-likelihood summed from the innovations."""

from functools import partial
from typing import Generic, NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy.stats import multivariate_normal

from ndtyping import DimensionVar, NDArray, float32

T = DimensionVar("T")
Dx = DimensionVar("Dx")
Dz = DimensionVar("Dz")


class LinearGaussianSSM(NamedTuple, Generic[Dx, Dz]):
    F: NDArray[float32, Dx, Dx]
    H: NDArray[float32, Dz, Dx]
    Q: NDArray[float32, Dx, Dx]
    R: NDArray[float32, Dz, Dz]


def kalman_step(
    model: LinearGaussianSSM[Dx, Dz], carry: tuple[NDArray[float32, Dx], NDArray[float32, Dx, Dx]], z: NDArray[float32, Dz]
) -> tuple[tuple[NDArray[float32, Dx], NDArray[float32, Dx, Dx]], tuple[NDArray[float32, Dx], NDArray[float32, Dx, Dx], jax.Array]]:
    m, P = carry
    m_pred = model.F @ m
    P_pred = model.F @ P @ model.F.T + model.Q
    z_pred = model.H @ m_pred
    S = model.H @ P_pred @ model.H.T + model.R
    K = jnp.linalg.solve(S, model.H @ P_pred).T
    m_new = m_pred + K @ (z - z_pred)
    P_new = P_pred - K @ S @ K.T
    ll = multivariate_normal.logpdf(z, z_pred, S)
    return (m_new, P_new), (m_new, P_new, ll)


def kalman_filter(
    model: LinearGaussianSSM[Dx, Dz], m0: NDArray[float32, Dx], P0: NDArray[float32, Dx, Dx], zs: NDArray[float32, T, Dz]
) -> tuple[NDArray[float32, T, Dx], NDArray[float32, T, Dx, Dx], jax.Array]:
    _, (means, covs, lls) = jax.lax.scan(partial(kalman_step, model), (m0, P0), zs)
    return means, covs, jnp.sum(lls)


def simulate(model: LinearGaussianSSM[Dx, Dz], x0: NDArray[float32, Dx], key: jax.Array, n_steps: int) -> tuple[jax.Array, jax.Array]:
    def step(x: jax.Array, k: jax.Array) -> tuple[jax.Array, tuple[jax.Array, jax.Array]]:
        k1, k2 = jax.random.split(k)
        x = model.F @ x + jax.random.multivariate_normal(k1, jnp.zeros_like(x), model.Q)
        z = model.H @ x + jax.random.multivariate_normal(k2, jnp.zeros(model.R.shape[0]), model.R)
        return x, (x, z)

    _, (xs, zs) = jax.lax.scan(step, x0, jax.random.split(key, n_steps))
    return xs, zs


def main() -> None:
    dt = 0.1
    F = jnp.array([[1, dt, 0.5 * dt**2], [0, 1, dt], [0, 0, 1]], dtype=jnp.float32)
    H = jnp.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    model = LinearGaussianSSM(F, H, jnp.eye(3) * 1e-4, jnp.eye(2) * 0.05)
    xs, zs = simulate(model, jnp.array([0.0, 1.0, -0.2]), jax.random.PRNGKey(8), 80)
    means, covs, ll = kalman_filter(model, jnp.zeros(3), jnp.eye(3), zs)
    assert means.shape == (80, 3) and covs.shape == (80, 3, 3) and ll.shape == ()
    err_filter = jnp.mean((means[20:, 0] - xs[20:, 0]) ** 2)
    err_raw = jnp.mean((zs[20:, 0] - xs[20:, 0]) ** 2)
    assert float(err_filter) < float(err_raw)


if __name__ == "__main__":
    main()
