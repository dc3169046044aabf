"""Batched rigid alignment (the Kabsch algorithm) in JAX, as protein-structure and point-cloud
code computes it: centre both clouds, the 3x3 cross-covariance per batch element, its SVD with the
reflection fixed by the sign of the determinant, the rotation and translation, and the RMSD."""

from typing import Literal

import jax
import jax.numpy as jnp

from ndtyping import DimensionVar, NDArray, float32

B = DimensionVar("B")
N = DimensionVar("N")
Three = Literal[3]


def kabsch(P: NDArray[float32, B, N, Three], Q: NDArray[float32, B, N, Three]) -> tuple[NDArray[float32, B, Three, Three], NDArray[float32, B, Three]]:
    p_mean = P.mean(axis=1, keepdims=True)
    q_mean = Q.mean(axis=1, keepdims=True)
    Pc, Qc = P - p_mean, Q - q_mean
    H = jnp.swapaxes(Pc, -1, -2) @ Qc
    U, _, Vt = jnp.linalg.svd(H)
    V, Ut = jnp.swapaxes(Vt, -1, -2), jnp.swapaxes(U, -1, -2)
    d = jnp.sign(jnp.linalg.det(V @ Ut))
    D = jnp.ones(P.shape[:1] + (3,)).at[:, -1].set(d)
    R = (V * D[:, None, :]) @ Ut
    t = q_mean[:, 0, :] - jnp.einsum("bij,bj->bi", R, p_mean[:, 0, :])
    return R, t


def apply_transform(R: NDArray[float32, B, Three, Three], t: NDArray[float32, B, Three], P: NDArray[float32, B, N, Three]) -> NDArray[float32, B, N, Three]:
    return jnp.einsum("bij,bnj->bni", R, P) + t[:, None, :]


def rmsd(P: NDArray[float32, B, N, Three], Q: NDArray[float32, B, N, Three]) -> NDArray[float32, B]:
    return jnp.sqrt(jnp.mean(jnp.sum((P - Q) ** 2, axis=-1), axis=-1))


def random_rotation(key: jax.Array, batch: int) -> jax.Array:
    q, r = jnp.linalg.qr(jax.random.normal(key, (batch, 3, 3)))
    q = q * jnp.sign(jnp.diagonal(r, axis1=-2, axis2=-1))[:, None, :]
    return q * jnp.sign(jnp.linalg.det(q))[:, None, None]


def main() -> None:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(20), 3)
    P = jax.random.normal(k1, (5, 12, 3))
    R_true = random_rotation(k2, 5)
    t_true = jax.random.normal(k3, (5, 3))
    Q = apply_transform(R_true, t_true, P)
    R, t = kabsch(P, Q)
    assert R.shape == (5, 3, 3) and t.shape == (5, 3)
    assert jnp.allclose(R, R_true, atol=1e-4) and jnp.allclose(t, t_true, atol=1e-4)
    assert jnp.all(rmsd(apply_transform(R, t, P), Q) < 1e-4)
    assert jnp.allclose(jnp.linalg.det(R), 1.0, atol=1e-5)


if __name__ == "__main__":
    main()
